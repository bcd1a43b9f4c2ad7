import { Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { IconAction } from '../common/IconAction';
import { SmallButton } from '../common/SmallButton';
import type { CategoryForm, CategoryValues } from './category-form';

const MAX_META_TAGS = 20;

/** A tag's two inputs: the property gets the narrower share of the row. */
const TAG_PARTS = [
  { part: 'property', placeholder: 'Property', share: '40%' },
  { part: 'content', placeholder: 'Content', share: '60%' },
] as const;

/** The category page's extra <meta> tags: a property and a content per row; add and remove rows. */
export function MetaTagsField({ form }: { form: UseFormReturn<CategoryForm, unknown, CategoryValues> }) {
  const metaTags = useFieldArray({ control: form.control, name: 'seo.metaTags' });
  const { register } = form;
  const errors = form.formState.errors.seo?.metaTags;
  return (
    <Input.Wrapper
      label="Meta tags"
      description="Extra <meta> tags for the category page, e.g. property og:type with content website"
      error={errors?.root?.message ?? errors?.message}
    >
      <Stack gap="xs" mt={6}>
        {metaTags.fields.map((tag, index) => (
          <Group key={tag.id} gap="xs" align="flex-start" wrap="nowrap">
            {TAG_PARTS.map(({ part, placeholder, share }) => (
              <TextInput
                key={part}
                aria-label={`Meta tag ${index + 1} ${part}`}
                placeholder={placeholder}
                autoComplete="off"
                style={{ flex: `1 1 ${share}` }}
                miw={0}
                error={errors?.[index]?.[part]?.message}
                {...register(`seo.metaTags.${index}.${part}`)}
              />
            ))}
            <IconAction
              tip="Remove this meta tag"
              label={`Remove meta tag ${index + 1}`}
              icon={<IconTrash size={16} />}
              color="red"
              size={36}
              onClick={() => metaTags.remove(index)}
            />
          </Group>
        ))}
        {metaTags.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            No meta tags.
          </Text>
        )}
        <div>
          <SmallButton
            variant="light"
            icon={IconPlus}
            disabled={metaTags.fields.length >= MAX_META_TAGS}
            onClick={() => metaTags.append({ property: '', content: '' })}
          >
            Add meta tag
          </SmallButton>
        </div>
      </Stack>
    </Input.Wrapper>
  );
}
