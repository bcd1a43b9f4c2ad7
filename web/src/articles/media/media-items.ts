/** The list of videos or gallery images an editor holds: pure operations, keyed so React rows stay put. */
import type { MediaItemValue } from '../api';

/** Where an item's file comes from: a link to somewhere else, or an upload of ours. */
export type ItemSource = 'link' | 'upload';

export const emptyMediaItem = (): MediaItemValue => ({ url: '', description: '', file: null });

export const sourceOf = (item: MediaItemValue): ItemSource => (item.file ? 'upload' : 'link');

/** Moves the item at `from` to `to` (both in range), returning a new list. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/**
 * Switching an item's source drops what the other source held, so an item never carries both a link and
 * a file (which one would the site show?).
 */
export function switchSource(item: MediaItemValue, source: ItemSource): MediaItemValue {
  return source === 'link' ? { ...item, file: null } : { ...item, url: '' };
}

/** What is sent: trimmed, without the half of an item its source does not use. */
export function itemsForSave(items: readonly MediaItemValue[]): MediaItemValue[] {
  return items.map((item) =>
    item.file
      ? { url: '', description: item.description.trim(), file: item.file }
      : { url: item.url.trim(), description: item.description.trim(), file: null },
  );
}
