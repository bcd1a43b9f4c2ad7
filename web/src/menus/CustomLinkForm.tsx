import { Group, Stack, Text, TextInput } from '@mantine/core';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { menuItemSchema } from '../../../shared/schemas/menu';
import { SmallButton } from '../common/SmallButton';

/** Why a custom link's URL cannot be stored (the menu item schema's rule, checked as it is added), or undefined. */
function customUrlProblem(url: string): string | undefined {
  if (!url.trim()) return 'URL is required';
  const parsed = menuItemSchema.shape.url.safeParse(url);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The custom link form's fields, in order, at the lengths a menu item takes. */
const CUSTOM_LINK_FIELDS = [
  { name: 'title', label: 'Title', placeholder: 'e.g. Home', maxLength: 100 },
  { name: 'url', label: 'URL', placeholder: 'e.g. / or https://…', maxLength: 500 },
] as const;

const NO_CUSTOM_LINK = { title: '', url: '' };

/** A link that is not a category (e.g. Home or Contact): a title and a URL. */
export function CustomLinkForm({
  onAdd,
  disabledReason,
}: {
  onAdd: (title: string, url: string) => void;
  disabledReason?: string;
}) {
  const [values, setValues] = useState(NO_CUSTOM_LINK);
  const [errors, setErrors] = useState<{ title?: string; url?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      title: values.title.trim() ? undefined : 'Title is required',
      url: customUrlProblem(values.url),
    };
    setErrors(next);
    if (next.title || next.url) return;
    onAdd(values.title.trim(), values.url.trim());
    setValues(NO_CUSTOM_LINK);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a custom link">
      <Group gap={6} mb="xs">
        <IconLink size={16} />
        <Text fw={600} size="sm">
          Custom link
        </Text>
      </Group>
      <Stack gap="xs">
        {CUSTOM_LINK_FIELDS.map(({ name, ...field }) => (
          <TextInput
            key={name}
            {...field}
            value={values[name]}
            error={errors[name]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [name]: value }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <SmallButton
            type="submit"
            variant="light"
            icon={IconPlus}
            disabled={disabledReason !== undefined}
            title={disabledReason}
          >
            Add link
          </SmallButton>
        </Group>
      </Stack>
    </form>
  );
}
