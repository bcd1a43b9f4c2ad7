import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UploadedAsset } from '../../upload/upload-api';
import type { MediaItemValue } from '../api';
import type { MediaItemHandlers } from './MediaItemRow';
import { emptyMediaItem, type ItemSource, moveItem, removeAt, sourceOf, switchSource } from './media-items';

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

/**
 * The rows beside the media items: a stable key and a source each, which rows are uploading, and the callbacks
 * (one object for every row, so a memoised row re-renders only when its own item does) and Add.
 */
interface MediaItemRowsInput {
  value: MediaItemValue[];
  onChange: (items: MediaItemValue[]) => void;
  onFileUploaded: (asset: UploadedAsset) => void;
  onBusyChange?: (busy: boolean) => void;
}

export function useMediaItemRows({ value, onChange, onFileUploaded, onBusyChange }: MediaItemRowsInput) {
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

  const handlers = useMemo<MediaItemHandlers>(
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

  return { synced, handlers, add };
}

/** Rows for items that appeared or vanished from outside (a reset): new keys, sources read from the items. */
function resized(rows: { key: string; source: ItemSource }[], value: MediaItemValue[]) {
  return value.map((item, i) => rows[i] ?? { key: newKey(), source: sourceOf(item) });
}
