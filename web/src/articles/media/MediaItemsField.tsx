import { Box, Button, Group, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { MAX_MEDIA_ITEMS } from '../../../../shared/schemas/article';
import type { KnownFile } from '../../upload/known-files';
import type { UploadedAsset } from '../../upload/upload-api';
import type { MediaItemValue } from '../api';
import { MediaItemRow } from './MediaItemRow';
import { MEDIA_ITEM_WORDS, type MediaItemError, type MediaItemsKind } from './media-item-words';
import { emptyMediaItem, type ItemSource, moveItem, removeAt, sourceOf, switchSource } from './media-items';

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

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

/**
 * The videos of a Video or the images of a Gallery (CONTRACT.md §2): each a link or an upload, with a description
 * or caption; add, remove and reorder. Rows keep their own keys so a row being typed in or uploading stays put
 * while others move.
 */
export function MediaItemsField(props: MediaItemsFieldProps) {
  const { kind, value, onChange, files, onFileUploaded, errors, error, onBusyChange, disabled } = props;
  const words = MEDIA_ITEM_WORDS[kind];
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

  const handlers = useMemo(
    () => ({
      onItemChange: updateItem,
      onSourceChange: setSource,
      onMove: move,
      onRemove: remove,
      onFileUploaded,
      onBusy: setRowBusy,
    }),
    [updateItem, setSource, move, remove, onFileUploaded, setRowBusy],
  );

  const add = () => {
    setRows([...synced, { key: newKey(), source: 'link' }]);
    onChange([...value, emptyMediaItem()]);
  };

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

/** Rows for items that appeared or vanished from outside (a reset): new keys, sources read from the items. */
function resized(rows: { key: string; source: ItemSource }[], value: MediaItemValue[]) {
  return value.map((item, i) => rows[i] ?? { key: newKey(), source: sourceOf(item) });
}
