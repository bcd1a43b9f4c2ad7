/**
 * The index changes of one record's write, for the caller to put in the same transaction as the record: a
 * posting Put per current term (the postings carry the list's row fields, so they are refreshed on every
 * write), a Delete per term the record left, and counter moves where a term's membership or tab changed.
 */
import { tableName } from '../lib/db/client';
import { deleteItem, insertRecord, replaceRecord, type TransactItem } from '../lib/db/records';
import { ALL_TABS, longBucket, longCounterKey, postingInTab, postingKey, termCounterKey } from './keys';
import { indexTerms, longPrefixes } from './terms';

/** A record as the index sees it. */
export interface SearchEntry {
  id: string;
  createdAt: string;
  /** Its tab (an article's status); none for a collection without tabs. */
  tab?: string;
  title: string;
  /** What a list row shows, stored in every posting so that a page of results is one Query. */
  fields: Record<string, unknown>;
}

function counterMove(collection: string, term: string, deltas: Record<string, number>): TransactItem {
  return addTo(termCounterKey(collection, term), deltas);
}

/** One Update adding each delta to its attribute of the item at `key` (top-level numbers, created on first use). */
function addTo(key: { pk: string; sk: string }, deltas: Record<string, number>): TransactItem {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${entries.map((_, i) => `#b${i} :d${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([bucket], i) => [`#b${i}`, bucket])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, delta], i) => [`:d${i}`, delta])),
    },
  };
}

/** The buckets a record in `tab` counts in, with `sign`. */
const buckets = (tab: string | undefined, sign: number): Record<string, number> =>
  tab === undefined ? { [ALL_TABS]: sign } : { [ALL_TABS]: sign, [tab]: sign };

function sum(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** The posting of one term of a record: in the All tab by its key, in its own tab through gsi2. */
export const postingItem = (collection: string, term: string, entry: SearchEntry) => ({
  ...postingKey(collection, term, entry.createdAt, entry.id),
  ...(entry.tab === undefined ? {} : postingInTab(collection, entry.tab, term, entry.createdAt, entry.id)),
  ...entry.fields,
});

/** A term's counter item at given counts (`ALL` and one per tab), as writes keep it: for seeding a benchmark. */
export const termCounterItem = (collection: string, term: string, counts: Record<string, number>) => ({
  ...termCounterKey(collection, term),
  ...counts,
});

/** A long counter item at given counts (`<prefix>|<tab>` attributes): for seeding a benchmark. */
export const longCounterItem = (collection: string, start: string, counts: Record<string, number>) => ({
  ...longCounterKey(collection, start),
  ...counts,
});

/** The long counters' deltas of a record in `tab` (sign +1 or −1), by start. */
export function longDeltas(entry: SearchEntry | undefined, sign: number): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  if (!entry) return out;
  for (const [start, prefixes] of longPrefixes(entry.title)) {
    const deltas: Record<string, number> = {};
    for (const prefix of prefixes) {
      for (const bucket of Object.keys(buckets(entry.tab, sign))) deltas[longBucket(prefix, bucket)] = sign;
    }
    out.set(start, deltas);
  }
  return out;
}

/** The terms a stored record is indexed under (none when it is not indexed yet). */
export const termsOfEntry = (entry: SearchEntry | undefined) => (entry ? indexTerms(entry.title) : []);

/**
 * The writes that move the index from `before` (undefined: not indexed) to `after` (undefined: removed).
 * `createdAt` and `id` never change, so a posting's key is the same before and after.
 */
export function searchIndexWrites(
  collection: string,
  before: SearchEntry | undefined,
  after: SearchEntry | undefined,
): TransactItem[] {
  const old = new Set(termsOfEntry(before));
  const next = new Set(termsOfEntry(after));
  const writes: TransactItem[] = [];
  for (const term of next) {
    const entry = after as SearchEntry;
    writes.push({ Put: { TableName: tableName(), Item: postingItem(collection, term, entry) } });
    const deltas = sum(old.has(term) ? buckets(before?.tab, -1) : {}, buckets(entry.tab, 1));
    if (Object.values(deltas).some((d) => d !== 0)) writes.push(counterMove(collection, term, deltas));
  }
  for (const term of old) {
    if (next.has(term)) continue;
    const entry = before as SearchEntry;
    writes.push(deleteItem(postingKey(collection, term, entry.createdAt, entry.id)));
    writes.push(counterMove(collection, term, buckets(entry.tab, -1)));
  }
  const oldLong = longDeltas(before, -1);
  const nextLong = longDeltas(after, 1);
  for (const start of new Set([...oldLong.keys(), ...nextLong.keys()])) {
    const deltas = sum(oldLong.get(start) ?? {}, nextLong.get(start) ?? {});
    if (Object.values(deltas).some((d) => d !== 0)) writes.push(addTo(longCounterKey(collection, start), deltas));
  }
  return writes;
}

/** DynamoDB's limit on the actions of one transaction. */
const MAX_TRANSACTION_ACTIONS = 100;

/** A record kept in the index: versioned, and marked once its terms are in. */
export interface IndexedRecord {
  version: number;
  /** Whether the index holds the record (records written before the index wait for the backfill). */
  searchIndexed?: boolean;
}

/** How a collection's records are stored and seen by the index. */
export interface IndexedCollection<R extends IndexedRecord> {
  name: string;
  /** The record's stored item, keys included. */
  itemOf: (record: R) => Record<string, unknown>;
  entryOf: (record: R) => SearchEntry;
}

const indexedEntry = <R extends IndexedRecord>(collection: IndexedCollection<R>, record: R) =>
  record.searchIndexed ? collection.entryOf(record) : undefined;

/** Writes a new record with `also` and its title's terms, in one transaction (insertRecord). */
export async function insertIndexed<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  record: R,
  also: TransactItem[],
  takenMessage: string,
): Promise<R> {
  const stored: R = { ...record, searchIndexed: true };
  await insertRecord(
    collection.itemOf(stored),
    [...also, ...searchIndexWrites(collection.name, undefined, collection.entryOf(stored))],
    takenMessage,
  );
  return stored;
}

/**
 * Replaces `current` (at its version: 409 when stale) by `next` with `also` and the index changes, in one
 * transaction. A retitle whose changes do not fit one (two long titles with no word in common) first takes the
 * record out of the index in its own transaction at the same version check, so its version then moves by two;
 * should the second step not happen, the record is left out of the index and marked so, for the backfill.
 * Returns what was stored.
 */
export async function replaceIndexed<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  current: R,
  next: R,
  also: TransactItem[] = [],
  takenMessage?: string,
): Promise<R> {
  let before = current;
  let stored: R = { ...next, searchIndexed: true };
  let index = searchIndexWrites(collection.name, indexedEntry(collection, before), collection.entryOf(stored));
  if (1 + also.length + index.length > MAX_TRANSACTION_ACTIONS) {
    before = { ...current, version: current.version + 1, searchIndexed: false };
    await replaceRecord(
      collection.itemOf(before),
      current.version,
      searchIndexWrites(collection.name, indexedEntry(collection, current), undefined),
    );
    stored = { ...stored, version: before.version + 1 };
    index = searchIndexWrites(collection.name, undefined, collection.entryOf(stored));
  }
  await replaceRecord(collection.itemOf(stored), before.version, [...also, ...index], takenMessage);
  return stored;
}
