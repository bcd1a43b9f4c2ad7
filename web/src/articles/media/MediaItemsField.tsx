import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Image,
  Input,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconBrandVimeo,
  IconBrandYoutube,
  IconExternalLink,
  IconLink,
  IconPhoto,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { memo, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { MAX_MEDIA_ITEMS } from '../../../../shared/schemas/article';
import type { KnownFile } from '../../upload/known-files';
import { Uploader } from '../../upload/Uploader';
import type { UploadedAsset } from '../../upload/upload-api';
import type { MediaItemValue } from '../api';
import { emptyMediaItem, type ItemSource, moveItem, removeAt, sourceOf, switchSource } from './media-items';
import { parseVideoLink } from './video-links';

export type MediaItemsKind = 'video' | 'gallery';

export interface MediaItemError {
  url?: string;
  description?: string;
}

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

const WORDS = {
  video: {
    legend: 'Videos',
    item: 'Video',
    add: 'Add video',
    link: 'Video link',
    linkHint: 'A YouTube, Vimeo or other video-sharing link',
    linkPlaceholder: 'https://www.youtube.com/watch?v=…',
    upload: 'Upload mp4',
    file: 'Video file',
    text: 'Description',
    textPlaceholder: 'What the video shows',
  },
  gallery: {
    legend: 'Gallery',
    item: 'Image',
    add: 'Add image',
    link: 'Image link',
    linkHint: 'A direct link to a png or jpeg image',
    linkPlaceholder: 'https://example.com/photo.jpg',
    upload: 'Upload image',
    file: 'Image file',
    text: 'Caption',
    textPlaceholder: 'What the photo shows, and who took it',
  },
} as const;

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

/**
 * The videos of a Video or the images of a Gallery (SPEC §2): each a link or an upload, with a description
 * or caption; add, remove and reorder. Rows keep their own keys so a row being typed in or uploading stays put
 * while others move.
 */
export function MediaItemsField({
  kind,
  value,
  onChange,
  files,
  onFileUploaded,
  errors,
  error,
  onBusyChange,
  disabled,
}: MediaItemsFieldProps) {
  const words = WORDS[kind];
  const headingId = useId();

  // Keys and sources run parallel to `value`; only this field reorders it, so they move together.
  const [rows, setRows] = useState(() => value.map((item) => ({ key: newKey(), source: sourceOf(item) })));
  const synced = rows.length === value.length ? rows : resized(rows, value);
  if (synced !== rows) setRows(synced);

  const [busyRows, setBusyRows] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    onBusyChange?.(busyRows.size > 0);
  }, [busyRows, onBusyChange]);
  const setRowBusy = useCallback((key: string, busy: boolean) => {
    setBusyRows((current) => {
      if (current.has(key) === busy) return current;
      const next = new Set(current);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  // The latest list for row callbacks, so memoised rows do not re-render on every keystroke elsewhere.
  const latest = useRef({ value, rows: synced, onChange });
  latest.current = { value, rows: synced, onChange };

  const updateItem = useCallback((index: number, item: MediaItemValue) => {
    const { value: items, onChange: change } = latest.current;
    change(items.map((existing, i) => (i === index ? item : existing)));
  }, []);

  const setSource = useCallback(
    (index: number, source: ItemSource) => {
      const { value: items, rows: current, onChange: change } = latest.current;
      const row = current[index];
      if (!row || !items[index]) return;
      // Leaving Upload drops its uploader, and with it any upload on its way.
      if (source === 'link') setRowBusy(row.key, false);
      setRows(current.map((r, i) => (i === index ? { ...r, source } : r)));
      change(items.map((existing, i) => (i === index ? switchSource(existing, source) : existing)));
    },
    [setRowBusy],
  );

  const move = useCallback((from: number, to: number) => {
    const { value: items, rows: current, onChange: change } = latest.current;
    setRows(moveItem(current, from, to));
    change(moveItem(items, from, to));
  }, []);

  const remove = useCallback(
    (index: number) => {
      const { value: items, rows: current, onChange: change } = latest.current;
      const key = current[index]?.key;
      if (key) setRowBusy(key, false);
      setRows(removeAt(current, index));
      change(removeAt(items, index));
    },
    [setRowBusy],
  );

  const add = () => {
    setRows([...synced, { key: newKey(), source: 'link' }]);
    onChange([...value, emptyMediaItem()]);
  };

  const full = value.length >= MAX_MEDIA_ITEMS;

  return (
    <Box role="group" aria-labelledby={headingId}>
      <Group gap={8} align="baseline" mb="md">
        <Title id={headingId} order={3} fz="md">
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
              onItemChange={updateItem}
              onSourceChange={setSource}
              onMove={move}
              onRemove={remove}
              onFileUploaded={onFileUploaded}
              onBusy={setRowBusy}
            />
          );
        })}
      </Stack>

      {value.length === 0 && (
        <Paper withBorder radius="md" p="lg" bg="gray.0" shadow="none">
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

/** Rows for items that appeared or vanished from outside (a reset): new keys, sources read from the items. */
function resized(rows: { key: string; source: ItemSource }[], value: MediaItemValue[]) {
  return value.map((item, i) => rows[i] ?? { key: newKey(), source: sourceOf(item) });
}

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
  onItemChange: (index: number, item: MediaItemValue) => void;
  onSourceChange: (index: number, source: ItemSource) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  onFileUploaded: (asset: UploadedAsset) => void;
  onBusy: (key: string, busy: boolean) => void;
}

const MediaItemRow = memo(function MediaItemRow({
  rowKey,
  kind,
  index,
  count,
  item,
  source,
  file,
  error,
  disabled,
  onItemChange,
  onSourceChange,
  onMove,
  onRemove,
  onFileUploaded,
  onBusy,
}: MediaItemRowProps) {
  const words = WORDS[kind];
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
          <SegmentedControl
            size="xs"
            value={source}
            onChange={(next) => onSourceChange(index, next as ItemSource)}
            disabled={disabled}
            aria-label={`${name} source`}
            data={[
              {
                value: 'link',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconLink size={14} aria-hidden />
                    <span>Link</span>
                  </Group>
                ),
              },
              {
                value: 'upload',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconUpload size={14} aria-hidden />
                    <span>{words.upload}</span>
                  </Group>
                ),
              },
            ]}
          />
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Move up" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onMove(index, index - 1)}
              disabled={disabled || index === 0}
              aria-label={`Move ${name} up`}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onMove(index, index + 1)}
              disabled={disabled || index === count - 1}
              aria-label={`Move ${name} down`}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onRemove(index)}
              disabled={disabled}
              aria-label={`Remove ${name}`}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
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
        {kind === 'video' ? (
          <Textarea
            label={words.text}
            placeholder={words.textPlaceholder}
            autosize
            minRows={2}
            maxRows={5}
            value={item.description}
            error={error?.description}
            disabled={disabled}
            onChange={(event) => onItemChange(index, { ...item, description: event.currentTarget.value })}
          />
        ) : (
          <TextInput
            label={words.text}
            placeholder={words.textPlaceholder}
            autoComplete="off"
            value={item.description}
            error={error?.description}
            disabled={disabled}
            onChange={(event) => onItemChange(index, { ...item, description: event.currentTarget.value })}
          />
        )}
      </Stack>
    </Paper>
  );
});

const PREVIEW_W = 120;
const PREVIEW_H = 68;

/** A small look at what a link points to: a YouTube thumbnail, a Vimeo or plain link, or the linked image. */
function LinkPreview({ kind, url }: { kind: MediaItemsKind; url: string }) {
  const link = parseVideoLink(url);
  const [broken, setBroken] = useState<string | null>(null);
  if (!link)
    return <PreviewBox>{kind === 'video' ? <IconBrandYoutube size={22} /> : <IconPhoto size={22} />}</PreviewBox>;

  if (kind === 'gallery') {
    return (
      <PreviewBox>
        {broken === link.href ? (
          <Text size="xs" c="dimmed" ta="center" px={4}>
            No preview
          </Text>
        ) : (
          <Image
            src={link.href}
            alt="Preview of the linked image"
            w={PREVIEW_W}
            h={PREVIEW_H}
            fit="cover"
            referrerPolicy="no-referrer"
            onError={() => setBroken(link.href)}
          />
        )}
      </PreviewBox>
    );
  }

  if (link.provider === 'youtube' && broken !== link.thumbnail) {
    return (
      <Anchor href={link.href} target="_blank" rel="noreferrer noopener" aria-label="Open the YouTube video">
        <PreviewBox>
          <Image
            src={link.thumbnail}
            alt="YouTube thumbnail"
            w={PREVIEW_W}
            h={PREVIEW_H}
            fit="cover"
            referrerPolicy="no-referrer"
            onError={() => setBroken(link.thumbnail)}
          />
        </PreviewBox>
      </Anchor>
    );
  }
  const providerName = link.provider === 'youtube' ? 'YouTube' : link.provider === 'vimeo' ? 'Vimeo' : undefined;
  return (
    <PreviewBox>
      <Anchor href={link.href} target="_blank" rel="noreferrer noopener" size="xs" ta="center">
        <Stack gap={2} align="center">
          {link.provider === 'vimeo' ? (
            <IconBrandVimeo size={22} />
          ) : link.provider === 'youtube' ? (
            <IconBrandYoutube size={22} />
          ) : (
            <IconExternalLink size={20} />
          )}
          {providerName ? `Open on ${providerName}` : 'Open link'}
        </Stack>
      </Anchor>
    </PreviewBox>
  );
}

function PreviewBox({ children }: { children: ReactNode }) {
  return (
    <Box
      mt={44}
      w={PREVIEW_W}
      h={PREVIEW_H}
      visibleFrom="xs"
      style={{
        flex: 'none',
        borderRadius: 'var(--mantine-radius-sm)',
        border: '1px solid var(--mantine-color-default-border)',
        background: 'var(--mantine-color-gray-0)',
        color: 'var(--mantine-color-gray-5)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {children}
    </Box>
  );
}

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
