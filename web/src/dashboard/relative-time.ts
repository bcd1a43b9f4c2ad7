/** '5 min ago', 'in 3 hours', 'yesterday': how far a moment is from now, for lists read at a glance. */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relativeTime(iso: string | null | undefined, now: Date): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return '';
  const diff = at - now.getTime();
  if (Math.abs(diff) < 60 * 1000) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'minute') return format.format(Math.round(diff / size), unit);
  }
  return '';
}
