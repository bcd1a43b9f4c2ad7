/** Dates short enough to sit several to a narrow column, in the viewer's local time (no React: unit-tested). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * '25 Nov, 10:04' in the current year, '25 Nov 2024' in another (the time matters less than the year then);
 * '' for no date. The full DD/MM/YYYY HH:mm goes in the element's title.
 */
export function compactDateTime(iso: string | null | undefined, now: Date): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getDate()} ${MONTHS[d.getMonth()]}`;
  if (d.getFullYear() !== now.getFullYear()) return `${day} ${d.getFullYear()}`;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${day}, ${p(d.getHours())}:${p(d.getMinutes())}`;
}
