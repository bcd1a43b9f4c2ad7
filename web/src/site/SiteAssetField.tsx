import { Group, Image, Input, Paper, Text } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import type { UploadPurpose } from '../../../shared/constants';
import { Uploader } from '../upload/Uploader';

interface SiteAssetFieldProps<T extends FieldValues> {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  purpose: UploadPurpose;
  label: string;
  description: string;
  /** Readers see the file without the uploader. */
  readOnly: boolean;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
}

/** The site's logo or favicon: its uploader, or for readers its preview and name. */
export function SiteAssetField<T extends FieldValues>(props: SiteAssetFieldProps<T>) {
  const { control, name, purpose, label, description, readOnly, disabled, onBusyChange } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) =>
        readOnly ? (
          <ReadOnlyFile label={label} file={field.value ?? null} />
        ) : (
          <Uploader
            purpose={purpose}
            label={label}
            description={description}
            value={field.value ?? null}
            onChange={field.onChange}
            onBusyChange={onBusyChange}
            disabled={disabled}
          />
        )
      }
    />
  );
}

/** An uploaded file as a reader sees it: its preview and name, or that there is none. */
function ReadOnlyFile({ label, file }: { label: string; file: { url: string; name?: string } | null }) {
  return (
    <Input.Wrapper label={label}>
      <Paper withBorder radius="md" p="sm" mt={4} shadow="none" bg="var(--app-surface-subtle)">
        {file ? (
          <Group gap="sm" wrap="nowrap">
            <Image src={file.url} alt="" h={40} w={40} fit="contain" radius="sm" bg="white" style={{ flex: 'none' }} />
            <Text size="sm" truncate="end">
              {file.name ?? file.url.split('/').at(-1)}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            None uploaded
          </Text>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
