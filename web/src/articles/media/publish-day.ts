/**
 * Video and gallery editors pick a publish DAY, not a time (CONTRACT.md §9 "date only for gallery and video"), yet the
 * API stores an instant and publishes on it. The instant chosen for a day:
 * - today → now: saving publishes at once (never Scheduled for later today) and today's items keep the order
 *   in which they were published;
 * - any other day → that day's local midnight: a future day goes live as the day begins in the editor's time
 *   zone (Scheduled until then), a past day is back-dated to the start of that day.
 * A date the user did not touch keeps its stored instant (with its time), so re-saving never shifts it.
 */
import dayjs from 'dayjs';

const DAY = 'YYYY-MM-DD';

/** The local day (YYYY-MM-DD) an instant falls on, or null. */
export function localDayOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = dayjs(iso);
  return date.isValid() ? date.format(DAY) : null;
}

/** The instant (ISO, UTC) to store for a picked local day. */
export function publishInstantForDay(day: string, now: Date = new Date()): string {
  // dayjs reads 'YYYY-MM-DD' as a local day (Date would read it as UTC midnight).
  const picked = dayjs(day);
  if (picked.format(DAY) === dayjs(now).format(DAY)) return now.toISOString();
  return picked.startOf('day').toDate().toISOString();
}

/** The picker's new value (any instant on the picked day) turned into what is stored. */
export function publishInstantFromPicker(value: string | null, now: Date = new Date()): string | null {
  const day = localDayOf(value);
  return day ? publishInstantForDay(day, now) : null;
}
