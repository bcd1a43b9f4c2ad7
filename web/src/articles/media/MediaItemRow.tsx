import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { memo, useCallback, useId } from 'react';
import { MoveActions } from '../../common/MoveActions';
import type { KnownFile } from '../../upload/known-files';
import { Uploader } from '../../upload/Uploader';
import type { UploadedAsset } from '../../upload/upload-api';
import type { MediaItemValue } from '../api';
import { LinkPreview } from './LinkPreview';
import { MediaItemText, MediaSourceControl } from './MediaItemParts';
import { MEDIA_ITEM_WORDS, type MediaItemError, type MediaItemsKind } from './media-item-words';
import type { ItemSource } from './media-items';

interface MediaItemRowProps {
  rowKey: string;
  kind: MediaItemsKind;
  index: number;
  count: number;
  item: MediaItemValue;
  source: ItemSource;
  file?: KnownFile;
  error?: MediaItemError;
  disabled?: boolean;
  /** The list's callbacks, the same object for every row (a memoised row re-renders only when its own item does). */
  handlers: MediaItemHandlers;
}

export interface MediaItemHandlers {
  onItemChange: (index: number, item: MediaItemValue) => void;
  onSourceChange: (index: number, source: ItemSource) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  onFileUploaded: (asset: UploadedAsset) => void;
  onBusy: (key: string, busy: boolean) => void;
}

/** One video or image: its source (a link or an upload), its description or caption, and its move and remove buttons. */
export const MediaItemRow = memo(function MediaItemRow(props: MediaItemRowProps) {
  const { rowKey, kind, index, count, item, source, file, error, disabled } = props;
  const { onItemChange, onSourceChange, onMove, onRemove, onFileUploaded, onBusy } = props.handlers;
  const words = MEDIA_ITEM_WORDS[kind];
  const name = `${words.item} ${index + 1}`;
  const titleId = useId();
  const onBusyChange = useCallback((busy: boolean) => onBusy(rowKey, busy), [onBusy, rowKey]);

  const uploaded: UploadedAsset | null = item.file ? { _id: item.file, url: file?.url ?? '', name: file?.name } : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} shadow="none" role="group" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
        <Group gap="sm" wrap="wrap" miw={0}>
          <Text id={titleId} fw={600} size="sm" miw={64}>
            {name}
          </Text>
          <MediaSourceControl
            name={name}
            uploadLabel={words.upload}
            value={source}
            onChange={(next) => onSourceChange(index, next)}
            disabled={disabled}
          />
        </Group>
        <MoveActions
          name={name}
          first={index === 0}
          last={index === count - 1}
          disabled={disabled}
          onMove={(by) => onMove(index, index + by)}
          onRemove={() => onRemove(index)}
        />
      </Group>

      <Stack gap="sm">
        {source === 'link' ? (
          <Group align="flex-start" gap="md" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              miw={0}
              label={words.link}
              description={words.linkHint}
              placeholder={words.linkPlaceholder}
              type="url"
              inputMode="url"
              autoComplete="off"
              withAsterisk
              value={item.url}
              error={error?.url}
              disabled={disabled}
              onChange={(event) => onItemChange(index, { ...item, url: event.currentTarget.value })}
            />
            <LinkPreview kind={kind} url={item.url} />
          </Group>
        ) : (
          <Uploader
            purpose={kind === 'video' ? 'video' : 'gallery-image'}
            label={words.file}
            withAsterisk
            value={uploaded}
            disabled={disabled}
            error={error?.url}
            onBusyChange={onBusyChange}
            onChange={(asset) => {
              if (asset) onFileUploaded(asset);
              onItemChange(index, { ...item, file: asset?._id ?? null, url: '' });
            }}
          />
        )}
        {source === 'upload' && kind === 'video' && item.file && file?.url && <VideoPlayer url={file.url} />}
        <MediaItemText
          kind={kind}
          value={item.description}
          error={error?.description}
          disabled={disabled}
          onChange={(description) => onItemChange(index, { ...item, description })}
        />
      </Stack>
    </Paper>
  );
});

/** An uploaded mp4, playable in place (metadata only until played: a 1 GB file is not fetched up front). */
function VideoPlayer({ url }: { url: string }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: a newsroom's own raw upload has no caption track to offer yet.
    <video
      src={url}
      controls
      preload="metadata"
      style={{ width: '100%', maxWidth: 360, maxHeight: 200, borderRadius: 8, background: '#000' }}
    />
  );
}
