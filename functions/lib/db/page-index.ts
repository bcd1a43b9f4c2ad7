/**
 * Where page N of a listing sorted by time starts, without reading the N − 1 pages before it.
 *
 * DynamoDB has no OFFSET: a Query reads from a key. A listing whose sort keys begin with an ISO instant
 * (`2026-11-28T14:05:33.123Z#<id>`) keeps, in the same transaction as every move in or out of it, how many of its
 * items fall in each month, each day and each hour (the hour's item also counts each of its minutes), one count
 * per bucket (`ALL`, or a tab such as a status) on each of those items:
 *
 *   `PAGES#<name>`                  sk `2026-11`        { ALL: 1520, Draft: 210, … }
 *   `PAGES#<name>#2026-11`          sk `2026-11-28`     { ALL: 61, … }
 *   `PAGES#<name>#2026-11-28`       sk `2026-11-28T14`  { ALL: 6, 'ALL@05': 2, 'ALL@41': 4, … }
 *
 * Page N of a bucket: the months (one Query of a few dozen small items), then the days of the month the page
 * starts in, then the hours of that day, narrow the start to one minute; the listing is then read from that
 * minute, skipping only the items of that minute that come before the page. Four round trips whatever the page's
 * number, and read units that grow with the page and the busiest minute, never with the archive.
 *
 * The months' sum is compared with the bucket's total: a listing whose items are not all counted yet (before the
 * backfill has passed) or one read in the middle of a save does not match, and the caller reads by skipping, as
 * before the index existed.
 */
import { addToCounts } from './counters';
import { type PageStart, queryAll } from './paging';
import type { TransactItem } from './records';

/** One item entering (+1) or leaving (−1) a bucket of the listing, at its sort key's instant. */
export interface PageIndexMove {
  at: string;
  bucket: string;
  delta: number;
}

const PREFIX = 'PAGES#';
const month = (at: string) => at.slice(0, 7);
const day = (at: string) => at.slice(0, 10);
const hour = (at: string) => at.slice(0, 13);
const minute = (at: string) => at.slice(14, 16);
const minuteAttribute = (bucket: string, mm: string) => `${bucket}@${mm}`;

const monthsPartition = (name: string) => `${PREFIX}${name}`;
const daysPartition = (name: string, m: string) => `${PREFIX}${name}#${m}`;
const hoursPartition = (name: string, d: string) => `${PREFIX}${name}#${d}`;

/** The three items a move touches, each with the attributes it adds to. */
function itemsOf(name: string, move: PageIndexMove) {
  return [
    { pk: monthsPartition(name), sk: month(move.at), attributes: [move.bucket] },
    { pk: daysPartition(name, month(move.at)), sk: day(move.at), attributes: [move.bucket] },
    {
      pk: hoursPartition(name, day(move.at)),
      sk: hour(move.at),
      attributes: [move.bucket, minuteAttribute(move.bucket, minute(move.at))],
    },
  ];
}

/** The counts of `moves`, item by item (moves that cancel out leave nothing). */
function countsOf(name: string, moves: readonly PageIndexMove[]) {
  const items = new Map<string, { pk: string; sk: string; counts: Map<string, number> }>();
  for (const move of moves) {
    for (const { pk, sk, attributes } of itemsOf(name, move)) {
      const id = `${pk}\u0000${sk}`;
      const item = items.get(id) ?? { pk, sk, counts: new Map<string, number>() };
      for (const attribute of attributes) item.counts.set(attribute, (item.counts.get(attribute) ?? 0) + move.delta);
      items.set(id, item);
    }
  }
  return [...items.values()]
    .map((item) => ({ ...item, counts: [...item.counts].filter(([, n]) => n !== 0) }))
    .filter((item) => item.counts.length > 0);
}

/** The transaction items that move the counts of a listing's index (created on first use). */
export function pageIndexWrites(name: string, moves: readonly PageIndexMove[]): TransactItem[] {
  return countsOf(name, moves).map(({ pk, sk, counts }) => addToCounts({ pk, sk }, Object.fromEntries(counts)));
}

/** The index's items holding the counts of `entries` (each +1): what a bulk load writes instead of moving them. */
export function pageIndexItems(name: string, entries: Iterable<{ at: string; bucket: string }>) {
  const moves: PageIndexMove[] = [];
  for (const entry of entries) moves.push({ ...entry, delta: 1 });
  return countsOf(name, moves).map(({ pk, sk, counts }) => ({ pk, sk, ...Object.fromEntries(counts) }));
}

/** Every item of one level's partition, in the listing's order (a few dozen small items). */
const level = (partition: string, ascending: boolean) =>
  queryAll<Record<string, unknown>>({ index: 'table', partition, ascending }, Number.POSITIVE_INFINITY);

const countIn = (item: Record<string, unknown>, attribute: string) => {
  const n = item[attribute];
  return typeof n === 'number' && n > 0 ? n : 0;
};

/** The first of `entries` (in order) whose running count passes `offset`, and the count before it. */
function pick<T>(entries: readonly T[], countOf: (entry: T) => number, offset: number) {
  let before = 0;
  for (const entry of entries) {
    const n = countOf(entry);
    if (before + n > offset) return { entry, offset: offset - before };
    before += n;
  }
  return undefined;
}

/** The months of a listing's index, in the listing's order: the first step of `locatePage`, sent beside the total. */
export const pageIndexMonths = (name: string, ascending: boolean) => level(monthsPartition(name), ascending);

/**
 * Where the item at `offset` (0-based, in the listing's order) of `bucket` is, from the months read by
 * `pageIndexMonths` and the bucket's `total`; undefined when the index does not account for exactly `total` items
 * (not all counted yet, or moving under a save) or the offset is past the end: the caller then reads by skipping.
 */
export async function locatePage(
  name: string,
  months: readonly Record<string, unknown>[],
  bucket: string,
  offset: number,
  total: number,
  ascending: boolean,
): Promise<PageStart | undefined> {
  const counted = months.reduce((sum, item) => sum + countIn(item, bucket), 0);
  if (counted !== total || offset >= total) return undefined;
  const inMonth = pick(months, (m) => countIn(m, bucket), offset);
  if (!inMonth) return undefined;
  const days = await level(daysPartition(name, String(inMonth.entry.sk)), ascending);
  const inDay = pick(days, (d) => countIn(d, bucket), inMonth.offset);
  if (!inDay) return undefined;
  const hours = await level(hoursPartition(name, String(inDay.entry.sk)), ascending);
  const inHour = pick(hours, (h) => countIn(h, bucket), inDay.offset);
  if (!inHour) return undefined;
  const hourItem = inHour.entry;
  const minutes = Object.keys(hourItem)
    .filter((attribute) => attribute.startsWith(`${bucket}@`))
    .map((attribute) => attribute.slice(bucket.length + 1))
    .sort();
  if (!ascending) minutes.reverse();
  const inMinute = pick(minutes, (mm) => countIn(hourItem, minuteAttribute(bucket, mm)), inHour.offset);
  if (!inMinute) return undefined;
  const prefix = `${String(hourItem.sk)}:${inMinute.entry}`;
  // Every key of that minute starts with `prefix`: read from just before its first (oldest first) or just after
  // its last (newest first, '~' sorting after every character of a key).
  return { key: ascending ? prefix : `${prefix}~`, skip: inMinute.offset };
}
