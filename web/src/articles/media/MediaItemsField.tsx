import { Box, Button, Group, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { MAX_MEDIA_ITEMS } from '../../../../shared/schemas/article';
import type { KnownFile } from '../../upload/known-files';
import type { UploadedAsset } from '../../upload/upload-api';
import type { MediaItemValue } from '../api';
import { MediaItemRow } from './MediaItemRow';
import { MEDIA_ITEM_WORDS, type MediaItemError, type MediaItemsKind } from './media-item-words';
import { useMediaItemRows } from './use-media-item-rows';

export type { MediaItemError, MediaItemsKind } from './media-item-words';

export interface MediaItemsFieldProps {
  kind: MediaItemsKind;
  value: MediaItemValue[];
  onChange: (items: MediaItemValue[]) => void;
  /** Files referenced by the items, by asset id. */
  files: Record<string, KnownFile>;
  onFileUploaded: (asset: UploadedAsset) => void;
  /** Per item (same order as value). */
  errors?: (MediaItemError | undefined)[];
  /** About the list as a whole ('Add at least one video'). */
  error?: string;
  /** True while any item's file is still uploading. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

/**
 * The videos of a Video or the images of a Gallery (CONTRACT.md §2): each a link or an upload, with a description
 * or caption; add, remove and reorder. Rows keep their own keys so a row being typed in or uploading stays put
 * while others move.
 */
export function MediaItemsField(props: MediaItemsFieldProps) {
  const { kind, value, files, errors, error, disabled } = props;
  const words = MEDIA_ITEM_WORDS[kind];
  const headingId = useId();

  const { synced, handlers, add } = useMediaItemRows(props);

  const full = value.length >= MAX_MEDIA_ITEMS;

  return (
    <Box role="group" aria-labelledby={headingId}>
      <Group gap={8} align="baseline" mb="md">
        <Title id={headingId} order={2} fz="md">
          {words.legend}
          <Text span c="red" aria-hidden ml={4}>
            *
          </Text>
        </Title>
        <Text span c="dimmed" size="xs">
          {value.length === 1 ? '1 item' : `${value.length} items`}
        </Text>
      </Group>

      <Stack gap="sm">
        {value.map((item, index) => {
          const row = synced[index];
          if (!row) return null;
          return (
            <MediaItemRow
              key={row.key}
              rowKey={row.key}
              kind={kind}
              index={index}
              count={value.length}
              item={item}
              source={row.source}
              file={item.file ? files[item.file] : undefined}
              error={errors?.[index]}
              disabled={disabled}
              handlers={handlers}
            />
          );
        })}
      </Stack>

      {value.length === 0 && (
        <Paper withBorder radius="md" p="lg" bg="var(--app-surface-subtle)" shadow="none">
          <Text size="sm" c="dimmed" ta="center">
            {kind === 'video' ? 'No videos yet.' : 'No images yet.'} Add one below.
          </Text>
        </Paper>
      )}

      {error && (
        <Input.Error mt="xs" role="alert" data-field-error>
          {error}
        </Input.Error>
      )}

      <Group mt="sm" gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={add}
          disabled={disabled || full}
          title={full ? `At most ${MAX_MEDIA_ITEMS} items` : undefined}
        >
          {words.add}
        </Button>
      </Group>
    </Box>
  );
}
