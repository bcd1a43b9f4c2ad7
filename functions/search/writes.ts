/**
 * The index changes of one record's write, for the caller to put in the same transaction as the record: a
 * posting Put per current term (the postings carry the list's row fields, so they are refreshed on every
 * write), a Delete per term the record left, and counter moves where a term's membership or tab changed.
 */
import { tableName } from '../lib/db/client';
import { type ConflictMessage, deleteItem, insertRecord, replaceRecord, type TransactItem } from '../lib/db/records';
import { ALL_TABS, longCounterKey, postingInTab, postingKey, termCounterKey, uncountedBucket } from './keys';
import { indexTerms, longCredits } from './terms';

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

type Deltas = Record<string, number>;

/** One Update adding each delta to its attribute of the item at `key` (top-level numbers, created on first use). */
function addTo(key: { pk: string; sk: string }, deltas: Deltas): TransactItem {
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

/** The buckets a record in `tab` counts in, each `name(bucket)`, with `delta`. */
const buckets = (tab: string | undefined, delta: number, name = (bucket: string) => bucket): Deltas =>
  Object.fromEntries((tab === undefined ? [ALL_TABS] : [ALL_TABS, tab]).map((b) => [name(b), delta]));

/** The posting of one term of a record: in the All tab by its key, in its own tab through gsi2. */
export const postingItem = (collection: string, term: string, entry: SearchEntry) => ({
  ...postingKey(collection, term, entry.createdAt, entry.id),
  ...(entry.tab === undefined ? {} : postingInTab(collection, entry.tab, term, entry.createdAt, entry.id)),
  ...entry.fields,
});

/** A counter item and what to add to its attributes. */
export interface CounterMove {
  key: { pk: string; sk: string };
  deltas: Deltas;
}

/**
 * What a record adds to the counters when it enters the index (sign +1) or leaves it (−1): each term's counter,
 * in its tab; its long counters (terms.ts, `longCredits`); and, on a start's term counter, the records whose
 * long words under it are not counted.
 */
export function counterMoves(collection: string, entry: SearchEntry | undefined, sign: number): CounterMove[] {
  if (!entry) return [];
  const terms = new Set(indexTerms(entry.title));
  const credits = longCredits(entry.title);
  const moves: CounterMove[] = [...terms].map((term) => {
    const deltas = buckets(entry.tab, sign);
    if (credits.uncounted.has(term)) Object.assign(deltas, buckets(entry.tab, sign, uncountedBucket));
    return { key: termCounterKey(collection, term), deltas };
  });
  for (const [start, keys] of credits.counted) {
    for (const [key, credit] of keys) {
      moves.push({ key: longCounterKey(collection, start, key), deltas: buckets(entry.tab, sign * credit) });
    }
  }
  return moves;
}

/** Sums moves by item. */
export function mergeMoves(moves: Iterable<CounterMove>, into = new Map<string, CounterMove>()) {
  for (const move of moves) {
    const id = `${move.key.pk}\n${move.key.sk}`;
    const merged = into.get(id) ?? { key: move.key, deltas: {} };
    for (const [bucket, delta] of Object.entries(move.deltas)) {
      merged.deltas[bucket] = (merged.deltas[bucket] ?? 0) + delta;
    }
    into.set(id, merged);
  }
  return into;
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
  const next = new Set(termsOfEntry(after));
  const writes: TransactItem[] = [];
  for (const term of next) {
    writes.push({ Put: { TableName: tableName(), Item: postingItem(collection, term, after as SearchEntry) } });
  }
  for (const term of termsOfEntry(before)) {
    const entry = before as SearchEntry;
    if (!next.has(term)) writes.push(deleteItem(postingKey(collection, term, entry.createdAt, entry.id)));
  }
  const moves = mergeMoves([...counterMoves(collection, before, -1), ...counterMoves(collection, after, 1)]);
  for (const { key, deltas } of moves.values()) {
    if (Object.values(deltas).some((d) => d !== 0)) writes.push(addTo(key, deltas));
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

/**
 * Writes a new record with `also` and its title's terms, in one transaction (insertRecord). When they do not fit
 * one (a long title and many other items), the record is written unindexed first and indexed by a second
 * transaction at the version the first stored (a crash in between leaves it marked for the backfill).
 */
export async function insertIndexed<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  record: R,
  also: TransactItem[],
  takenMessage: string,
): Promise<R> {
  const stored: R = { ...record, searchIndexed: true };
  const index = searchIndexWrites(collection.name, undefined, collection.entryOf(stored));
  if (1 + also.length + index.length <= MAX_TRANSACTION_ACTIONS) {
    await insertRecord(collection.itemOf(stored), [...also, ...index], takenMessage);
    return stored;
  }
  await insertRecord(collection.itemOf({ ...record, searchIndexed: false }), also, takenMessage);
  const indexed: R = { ...stored, version: record.version + 1 };
  await replaceRecord(collection.itemOf(indexed), record.version, index, takenMessage);
  return indexed;
}

/**
 * Replaces `current` (at its version: 409 when stale) by `next` with `also` and the index changes, in one
 * transaction. When they do not fit one (a retitle of one long title to another with no word in common, or a
 * save with many other items), the write is split into steps, each a transaction at the version the step before
 * stored: the record leaves the index, is written with `also`, and enters the index with its new terms (the
 * last two in one step when they fit). The version then moves by one a step; should a later step not happen,
 * the record is left out of the index and marked so, for the backfill. Returns what was stored.
 */
export async function replaceIndexed<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  current: R,
  next: R,
  also: TransactItem[] = [],
  takenMessage?: ConflictMessage,
): Promise<R> {
  const indexed: R = { ...next, searchIndexed: true };
  const index = searchIndexWrites(collection.name, indexedEntry(collection, current), collection.entryOf(indexed));
  if (1 + also.length + index.length <= MAX_TRANSACTION_ACTIONS) {
    await replaceRecord(collection.itemOf(indexed), current.version, [...also, ...index], takenMessage);
    return indexed;
  }
  let version = current.version;
  const step = async (record: R, items: TransactItem[]) => {
    const stored: R = { ...record, version: version + 1 };
    await replaceRecord(collection.itemOf(stored), version, items, takenMessage);
    version = stored.version;
    return stored;
  };
  const leaving = searchIndexWrites(collection.name, indexedEntry(collection, current), undefined);
  if (leaving.length > 0) await step({ ...current, searchIndexed: false }, leaving);
  const entering = searchIndexWrites(collection.name, undefined, collection.entryOf(indexed));
  if (1 + also.length + entering.length <= MAX_TRANSACTION_ACTIONS) return step(indexed, [...also, ...entering]);
  await step({ ...next, searchIndexed: false }, also);
  return step(indexed, entering);
}
