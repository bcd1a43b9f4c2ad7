/** What the Remove action and the trash screens say, and the little they work out (no React, unit-tested). */
import { TRASH_DAYS } from '../../../../shared/constants';
import { formatDateTime } from '../../../../shared/format';

/** A list's trash screen sits under it: `/article` → `/article/trash`. */
export const trashPath = (listPath: string): string => `${listPath.replace(/\/+$/, '')}/trash`;

/** Whether an SWR key reads something under an API base: the base itself, its query, or a path below it. */
export function isKeyUnder(base: string, key: string): boolean {
  return key === base || key.startsWith(`${base}?`) || key.startsWith(`${base}/`);
}

/** A record's name in a sentence: quoted, and 'Untitled' when it has none. */
export const quoted = (name: string): string => `“${name.trim() || 'Untitled'}”`;

/** The Remove dialog's question. */
export const removeQuestion = (name: string): string =>
  `Move ${quoted(name)} to the trash? It can be restored for ${TRASH_DAYS} days.`;

/** The popup after a removal (it offers Undo). */
export const removedMessage = (name: string): string => `${quoted(name)} moved to the trash`;

/** The Delete now dialog's question. */
export const deleteQuestion = (name: string): string =>
  `Delete ${quoted(name)} for good? It cannot be restored afterwards.`;

/** The day part of formatDateTime: DD/MM/YYYY. */
const dayOf = (iso: string): string => formatDateTime(iso).split(' ')[0] ?? '';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a trashed record goes for good: 'on 24/12/2026 (in 29 days)'. The days count whole days left, rounded up,
 * so the last day reads 'in 1 day' until the record has gone, then 'today'.
 */
export function expiryWhen(expiresAt: string, now: Date): string {
  const day = dayOf(expiresAt);
  return day ? `on ${day} (${daysLeftText(expiresAt, now)})` : `after ${TRASH_DAYS} days`;
}

/** The whole days a trashed record has left: 'in 29 days', 'in 1 day', then 'today'. */
export function daysLeftText(expiresAt: string, now: Date): string {
  const left = Math.ceil((Date.parse(expiresAt) - now.getTime()) / DAY_MS);
  if (Number.isNaN(left)) return '';
  return left <= 0 ? 'today' : `in ${left} day${left === 1 ? '' : 's'}`;
}

/** The day a trashed record goes for good, DD/MM/YYYY ('' for a date that cannot be read). */
export const expiryDay = (expiresAt: string): string => dayOf(expiresAt);

/** A trashed row's line: 'Deleted for good on 24/12/2026 (in 29 days)'. */
export const expiryText = (expiresAt: string, now: Date): string => `Deleted for good ${expiryWhen(expiresAt, now)}`;

/** What the trash screen says it is for. */
export const trashDescription = (many: string): string =>
  `Removed ${many} can be restored for ${TRASH_DAYS} days, then they are deleted for good.`;

/** Who removed a record, for its row: their name, or 'Unknown user' when the API no longer knows them. */
export const removedByText = (by: { name: string } | null): string => by?.name || 'Unknown user';
