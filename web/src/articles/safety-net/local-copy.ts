/**
 * The copy of an editor's form kept in this browser's local storage on every change: typed text
 * survives a reload, a crash or a lost network, and is sent as the autosave when the network returns. One copy
 * per user and article, and one per user and type for an article not created yet. Cleared by a successful save.
 */
import type { ArticleType } from '../../../../shared/constants';

const PREFIX = 'admin-portal.editor-copy.v1';

export interface CopyOwner {
  userId: string;
  /** The article's id; undefined for a new one, whose copy is kept per type. */
  articleId?: string;
  type: ArticleType;
}

/** `admin-portal.editor-copy.v1:<user>:<article>` or `admin-portal.editor-copy.v1:<user>:new:<type>`. */
export function localCopyKey({ userId, articleId, type }: CopyOwner): string {
  return articleId ? `${PREFIX}:${userId}:${articleId}` : `${PREFIX}:${userId}:new:${type}`;
}

export interface LocalCopy<T> {
  /** The form's values as they were typed. */
  values: T;
  /** When they were typed (ISO). */
  savedAt: string;
  /** The article's version the editor had open; null for a new article. */
  baseVersion: number | null;
  /** Whether the server holds these values as the user's autosave already. */
  sent: boolean;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const isCopy = (value: unknown): value is LocalCopy<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  'values' in value &&
  typeof (value as { savedAt?: unknown }).savedAt === 'string' &&
  typeof (value as { sent?: unknown }).sent === 'boolean';

/** The stored copy, or undefined when there is none (or it cannot be read). */
export function readLocalCopy<T>(owner: CopyOwner): LocalCopy<T> | undefined {
  const raw = storage()?.getItem(localCopyKey(owner));
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isCopy(parsed) ? (parsed as LocalCopy<T>) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the copy; false when the browser refused (storage full or disabled): the server autosave still runs. */
export function writeLocalCopy<T>(owner: CopyOwner, copy: LocalCopy<T>): boolean {
  try {
    storage()?.setItem(localCopyKey(owner), JSON.stringify(copy));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalCopy(owner: CopyOwner): void {
  try {
    storage()?.removeItem(localCopyKey(owner));
  } catch {
    // Nothing stored either.
  }
}

/** Marks the stored copy as sent, if it is still the one typed at `savedAt` (nothing newer was typed meanwhile). */
export function markLocalCopySent(owner: CopyOwner, savedAt: string): void {
  const copy = readLocalCopy(owner);
  if (copy && copy.savedAt === savedAt) writeLocalCopy(owner, { ...copy, sent: true });
}
