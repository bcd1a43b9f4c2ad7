/** Display helpers shared by screens. */

/** DD/MM/YYYY HH:mm in the viewer's local time (CONTRACT.md §2: the specification's HH:SS is a typo for minutes). */
export function formatDateTime(iso: string | undefined | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The text a person should read from an API error message: everything after the first colon. */
export function messageAfterColon(msg: string): string {
  const i = msg.indexOf(':');
  return (i >= 0 ? msg.slice(i + 1) : msg).trim();
}
