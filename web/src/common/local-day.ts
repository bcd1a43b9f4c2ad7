/**
 * Calendar days (`YYYY-MM-DD`): local ones, as the list filters pick them and put them in the URL, and UTC ones, as
 * the ad reports count them.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day itself when `raw` is a real calendar day, else null. */
export function parseDay(raw: string | null): string | null {
  const match = raw ? DAY.exec(raw) : null;
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  // Rejects 2026-02-31 and the like, which Date would roll over into March.
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? (raw as string) : null;
}

/** The first instant of a local day, as the API's ISO. */
export function startOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 0, 0, 0, 0).toISOString();
}

/** The last instant of a local day, as the API's ISO. */
export function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}

/** The UTC day of an instant. */
export const utcDay = (instant: Date | string) => new Date(instant).toISOString().slice(0, 10);

/** `2026-11-28` → `28/11/2026`, the contract's day-first order. */
export const dayText = (day: string) => day.split('-').reverse().join('/');
