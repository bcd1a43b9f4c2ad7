/**
 * The confusable prototypes of Unicode's confusables.txt (UTS #39), as `confusables.ts` stores them: a string of
 * ASCII, read into a Map only when a key is first made. A JSON map of its 6,311 entries costs a Lambda about 117 KB
 * (esbuild writes each non-ASCII character as \uXXXX) and its evaluation on every cold start; this costs about a
 * third of the bytes and nothing until a name is written.
 *
 * Format: entries sorted by code point, joined by `,`; each is `<code point minus the previous one>:<prototype's code
 * points joined by .>`, every number in base 36.
 */

/** The table as stored, from a map of character → prototype (tests/unit/lookalike.test.ts writes and checks it). */
export function encodeConfusables(map: Readonly<Record<string, string>>): string {
  let previous = 0;
  return Object.entries(map)
    .map(([source, prototype]) => [source.codePointAt(0) ?? 0, prototype] as const)
    .sort(([a], [b]) => a - b)
    .map(([point, prototype]) => {
      const delta = (point - previous).toString(36);
      previous = point;
      return `${delta}:${[...prototype].map((c) => (c.codePointAt(0) ?? 0).toString(36)).join('.')}`;
    })
    .join(',');
}

/** The map back from the stored table. */
export function decodeConfusables(table: string): Map<string, string> {
  const map = new Map<string, string>();
  let point = 0;
  for (const entry of table.split(',')) {
    const [delta = '', prototype = ''] = entry.split(':');
    point += Number.parseInt(delta, 36);
    map.set(
      String.fromCodePoint(point),
      String.fromCodePoint(...prototype.split('.').map((n) => Number.parseInt(n, 36))),
    );
  }
  return map;
}
