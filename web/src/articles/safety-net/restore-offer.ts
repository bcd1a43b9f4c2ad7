/**
 * When the editor offers "Restore your unsaved changes from 14:32". Pure: the server's autosave (the
 * API returns it only when newer than the article's last save), the copy in this browser, and what the form holds
 * now go in; the newest copy worth restoring comes out, or null.
 */
import type { LocalCopy } from './local-copy';

export interface RestoreCandidate<T> {
  /** `server`: the user's autosave, from any browser; `device`: the copy kept in this browser. */
  source: 'server' | 'device';
  /** When it was typed (ISO). */
  at: string;
  values: T;
  /** The version it was typed on; null for an article not created yet. */
  baseVersion: number | null;
}

export interface RestoreInputs<T> {
  /** The server's autosave as form values; null when there is none newer than the last save. */
  server: { values: T; at: string; baseVersion: number } | null;
  local: LocalCopy<T> | undefined;
  /** The article as opened; undefined for a new one. */
  article?: { version: number; lastSavedAt: string };
  /** The form's values now. */
  current: T;
}

/**
 * Keys that change when nothing a reader sees does: Editor.js's block ids, save time and version. Left out when
 * deciding whether two copies hold the same content.
 */
const VOLATILE = new Set(['id', 'time', 'version']);

/** A form's values as text that is equal exactly when their content is. */
export const contentKey = (value: unknown): string =>
  JSON.stringify(value, (key, inner: unknown) => (VOLATILE.has(key) ? undefined : inner)) ?? '';

/** Whether two form values hold the same content. */
export const sameContent = (a: unknown, b: unknown): boolean => contentKey(a) === contentKey(b);

/**
 * The copy to offer:
 * - a new article: this browser's copy, when it holds something other than the empty form;
 * - an existing one: the server's autosave, or this browser's copy when it was typed on the version opened now or
 *   after the last save (its clock is the browser's, so the version decides first);
 * - of two, the newer; never one that equals what the form already holds.
 */
export function restoreOffer<T>({ server, local, article, current }: RestoreInputs<T>): RestoreCandidate<T> | null {
  const candidates: RestoreCandidate<T>[] = [];
  if (server && article) candidates.push({ source: 'server', ...server });
  if (local) {
    const fresh =
      !article || local.baseVersion === article.version || Date.parse(local.savedAt) > Date.parse(article.lastSavedAt);
    if (fresh) {
      candidates.push({ source: 'device', at: local.savedAt, values: local.values, baseVersion: local.baseVersion });
    }
  }
  const worth = candidates.filter((candidate) => !sameContent(candidate.values, current));
  if (worth.length === 0) return null;
  return worth.reduce((newest, candidate) => (Date.parse(candidate.at) > Date.parse(newest.at) ? candidate : newest));
}

/** "14:32" today, "12/05/2026 14:32" on another day, in the viewer's time. */
export function clockTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  const time = `${p(at.getHours())}:${p(at.getMinutes())}`;
  const sameDay =
    at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? time : `${p(at.getDate())}/${p(at.getMonth() + 1)}/${at.getFullYear()} ${time}`;
}
