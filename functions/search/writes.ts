/**
 * The index changes of one record's write, for the caller to put in the same transaction as the record: a
 * posting Put per current term (the postings carry the list's row fields, so they are refreshed on every
 * write), a Delete per term the record left, a key-only posting per long word (put when new or when the tab
 * moved, deleted when the word left), and counter moves where a term's or a longer prefix's membership or tab
 * changed.
 */

import { SEARCH_INDEX_VERSION } from '../../shared/constants';
import { addToCounts } from '../lib/db/counters';
import type { ItemFilter } from '../lib/db/paging';
import {
  type ConflictMessage,
  deleteItem,
  insertRecord,
  putItem,
  replaceRecord,
  type TransactItem,
} from '../lib/db/records';
import {
  ALL_TABS,
  longCounterKey,
  longPostingPartition,
  longPostingSortKey,
  longPostingTabPartition,
  postingInTab,
  postingKey,
  termCounterKey,
  uncountedBucket,
} from './keys';
import { indexedPrefix, indexTerms, longCredits, longPrefixes, longWordKeys, PREFIX_COUNTERS_VERSION } from './terms';

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

/** The buckets a record in `tab` counts in, each `name(bucket)`, with `delta`. */
const buckets = (tab: string | undefined, delta: number, name = (bucket: string) => bucket): Deltas =>
  Object.fromEntries((tab === undefined ? [ALL_TABS] : [ALL_TABS, tab]).map((b) => [name(b), delta]));

/** The posting of one term of a record: in the All tab by its key, in its own tab through gsi2. */
export const postingItem = (collection: string, term: string, entry: SearchEntry) => ({
  ...postingKey(collection, term, entry.createdAt, entry.id),
  ...(entry.tab === undefined ? {} : postingInTab(collection, entry.tab, term, entry.createdAt, entry.id)),
  ...entry.fields,
});

/** The key of a record's long posting of `word` (a longWordKey). */
const longPostingKey = (collection: string, word: string, entry: SearchEntry) => ({
  pk: longPostingPartition(collection, indexedPrefix(word)),
  sk: longPostingSortKey(word, entry.createdAt, entry.id),
});

/** A long word's posting (keys.ts): its keys only, in the All tab and, through gsi2, in the record's tab. */
const longPostingItem = (collection: string, word: string, entry: SearchEntry) => {
  const key = longPostingKey(collection, word, entry);
  return entry.tab === undefined
    ? key
    : { ...key, gsi2pk: longPostingTabPartition(collection, entry.tab, indexedPrefix(word)), gsi2sk: key.sk };
};

/** The long words a record has postings of under `version` (none before version 3). */
const longPostingsOf = (entry: SearchEntry | undefined, version = SEARCH_INDEX_VERSION) =>
  entry && version >= PREFIX_COUNTERS_VERSION ? longWordKeys(entry.title) : [];

/** A counter item and what to add to its attributes. */
export interface CounterMove {
  key: { pk: string; sk: string };
  deltas: Deltas;
}

/**
 * What a record adds to the counters when it enters the index (sign +1) or leaves it (−1): each term's counter and
 * each longer prefix's (terms.ts, `longPrefixes`), in its tab; under versions 1 and 2, its long credits
 * (`longCredits`) and, on a start's term counter, the records whose long words under it are not counted.
 */
export function counterMoves(
  collection: string,
  entry: SearchEntry | undefined,
  sign: number,
  version = SEARCH_INDEX_VERSION,
): CounterMove[] {
  if (!entry) return [];
  const terms = new Set([...indexTerms(entry.title, version), ...longPrefixes(entry.title, version)]);
  const credits = longCredits(entry.title, version);
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
    writes.push(putItem(postingItem(collection, term, after as SearchEntry)));
  }
  for (const term of termsOfEntry(before)) {
    const entry = before as SearchEntry;
    if (!next.has(term)) writes.push(deleteItem(postingKey(collection, term, entry.createdAt, entry.id)));
  }
  // Long postings hold no row fields: put when new or when the tab moved, deleted when the word left.
  const longBefore = new Set(longPostingsOf(before));
  const longAfter = new Set(longPostingsOf(after));
  for (const word of longAfter) {
    if (!longBefore.has(word) || before?.tab !== after?.tab) {
      writes.push(putItem(longPostingItem(collection, word, after as SearchEntry)));
    }
  }
  for (const word of longBefore) {
    if (!longAfter.has(word)) writes.push(deleteItem(longPostingKey(collection, word, before as SearchEntry)));
  }
  const moves = mergeMoves([...counterMoves(collection, before, -1), ...counterMoves(collection, after, 1)]);
  for (const { key, deltas } of moves.values()) {
    if (Object.values(deltas).some((d) => d !== 0)) writes.push(addToCounts(key, deltas));
  }
  return writes;
}

/** DynamoDB's limit on the actions of one transaction. */
const MAX_TRANSACTION_ACTIONS = 100;
/** The index writes one step carries beside the record's own write. */
const STEP_ACTIONS = MAX_TRANSACTION_ACTIONS - 1;

/** A record kept in the index: versioned, and marked once its terms are in. */
export interface IndexedRecord {
  version: number;
  /**
   * What the index holds of the record: true, all of its title's index items (`indexUnits`); a number n, the first
   * n of them (a write in steps that stopped between two, finished by the next save or the backfill); false or
   * absent, nothing (records written before the index wait for the backfill).
   */
  searchIndexed?: boolean | number;
  /** The version of the terms it is indexed under (SEARCH_INDEX_VERSION); absent: version 1. */
  searchIndexVersion?: number;
}

/** How a collection's records are stored and seen by the index. */
export interface IndexedCollection<R extends IndexedRecord> {
  name: string;
  /** The record's stored item, keys included. */
  itemOf: (record: R) => Record<string, unknown>;
  entryOf: (record: R) => SearchEntry;
  /**
   * What a write of the record relies on besides its version, as a condition on the stored item: the marks a
   * backfill sets without moving the version (a write computed from a record the backfill has since done would
   * do it twice). Checked with the version; failing it is a 409 like a stale version.
   */
  unchanged?: (stored: R) => ItemFilter | undefined;
}

/** One item of a record's index: the posting of a term, a long word's posting, or one counter item's move. */
export type IndexUnit = { posting: string } | { longPosting: string } | { counter: CounterMove };

/**
 * A title's index items in a fixed order (each term's posting, each long word's, then its counters and long
 * counters), so that "the first n of them" names what a write in steps has put in so far.
 */
export function indexUnits(collection: string, entry: SearchEntry, version = SEARCH_INDEX_VERSION): IndexUnit[] {
  const postings: IndexUnit[] = [
    ...indexTerms(entry.title, version).map((posting) => ({ posting })),
    ...longPostingsOf(entry, version).map((longPosting) => ({ longPosting })),
  ];
  const counters: IndexUnit[] = [...mergeMoves(counterMoves(collection, entry, 1, version)).values()].map(
    (counter) => ({ counter }),
  );
  return [...postings, ...counters];
}

/** The items a record's index puts (its postings and long postings), for a bulk load (the list benchmark's seed). */
export const postingItems = (collection: string, entry: SearchEntry) =>
  indexUnits(collection, entry).flatMap((u) =>
    'posting' in u
      ? [postingItem(collection, u.posting, entry)]
      : 'longPosting' in u
        ? [longPostingItem(collection, u.longPosting, entry)]
        : [],
  );

/** The writes that put all of a title's index items in, under the terms of `version`. */
export const enteringWrites = (collection: string, entry: SearchEntry, version = SEARCH_INDEX_VERSION) =>
  indexUnits(collection, entry, version).map((unit) => unitWrite(collection, entry, unit, 1));

/** Whether a record is fully indexed under the current terms. */
export const isCurrentlyIndexed = (record: IndexedRecord) =>
  record.searchIndexed === true && record.searchIndexVersion === SEARCH_INDEX_VERSION;

/** What the index holds of a stored record. */
function storedUnits<R extends IndexedRecord>(collection: IndexedCollection<R>, record: R): IndexUnit[] {
  const marked = record.searchIndexed;
  if (!marked) return [];
  const all = indexUnits(collection.name, collection.entryOf(record), record.searchIndexVersion ?? 1);
  return marked === true ? all : all.slice(0, marked);
}

const negated = (deltas: Deltas): Deltas =>
  Object.fromEntries(Object.entries(deltas).map(([bucket, delta]) => [bucket, -delta]));

/** The write that puts a unit in (sign +1) or takes it out (−1). */
function unitWrite(collection: string, entry: SearchEntry, unit: IndexUnit, sign: number): TransactItem {
  if ('counter' in unit)
    return addToCounts(unit.counter.key, sign > 0 ? unit.counter.deltas : negated(unit.counter.deltas));
  if ('longPosting' in unit) {
    return sign > 0
      ? putItem(longPostingItem(collection, unit.longPosting, entry))
      : deleteItem(longPostingKey(collection, unit.longPosting, entry));
  }
  if (sign > 0) return putItem(postingItem(collection, unit.posting, entry));
  return deleteItem(postingKey(collection, unit.posting, entry.createdAt, entry.id));
}

/**
 * The writes that move a stored record's index (whatever it holds: all, part or none of its items, under any
 * version of the terms) to `after` fully indexed under the current terms (undefined: out of the index).
 */
export function recordIndexWrites<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  before: R | undefined,
  after: R | undefined,
): TransactItem[] {
  const was = before ? storedUnits(collection, before) : [];
  if (before && isCurrentlyIndexed(before)) {
    return searchIndexWrites(collection.name, collection.entryOf(before), after && collection.entryOf(after));
  }
  const entry = after && collection.entryOf(after);
  const next = entry ? indexUnits(collection.name, entry) : [];
  const placeOf = (u: IndexUnit) =>
    'posting' in u ? `t ${u.posting}` : 'longPosting' in u ? `l ${u.longPosting}` : '';
  const kept = new Set(next.map(placeOf));
  const writes: TransactItem[] = next.flatMap((u) =>
    'counter' in u ? [] : [unitWrite(collection.name, entry as SearchEntry, u, 1)],
  );
  for (const unit of was) {
    if (!('counter' in unit) && !kept.has(placeOf(unit))) {
      writes.push(unitWrite(collection.name, collection.entryOf(before as R), unit, -1));
    }
  }
  const moves = mergeMoves([
    ...was.flatMap((u) => ('counter' in u ? [{ key: u.counter.key, deltas: negated(u.counter.deltas) }] : [])),
    ...next.flatMap((u) => ('counter' in u ? [u.counter] : [])),
  ]);
  for (const { key, deltas } of moves.values()) {
    if (Object.values(deltas).some((d) => d !== 0)) writes.push(addToCounts(key, deltas));
  }
  return writes;
}

/**
 * The postings a stored record has, put again with `fresh`'s row fields (same title and tab: no counter moves), at
 * most `max` of them: a rename's refresh, in the row's own transaction.
 */
export function postingRefreshWrites<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  stored: R,
  fresh: R,
  max: number = STEP_ACTIONS,
): TransactItem[] {
  const entry = collection.entryOf(fresh);
  return storedUnits(collection, stored)
    .flatMap((u) => ('posting' in u ? [unitWrite(collection.name, entry, u, 1)] : []))
    .slice(0, max);
}

/** Stores `record` (marked as given) with `items`, at the version the step before stored; returns what was stored. */
export type IndexStep<R> = (record: R, items: TransactItem[]) => Promise<R>;

/**
 * Takes a stored record out of the index in steps of at most STEP_ACTIONS writes, its last items first, each
 * step marking how many are left; returns the record as the last step stored.
 */
export async function leaveIndexInSteps<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  stored: R,
  step: IndexStep<R>,
): Promise<R> {
  const units = storedUnits(collection, stored);
  const entry = collection.entryOf(stored);
  let record = stored;
  for (let left = units.length; left > 0; ) {
    const from = Math.max(0, left - STEP_ACTIONS);
    const writes = units.slice(from, left).map((u) => unitWrite(collection.name, entry, u, -1));
    left = from;
    record = await step({ ...record, searchIndexed: left === 0 ? false : left }, writes);
  }
  return record;
}

/**
 * Puts a record's index items in, from what it holds already (`searchIndexed` a number: the first n), in steps:
 * the first step carries `first` (the record's own other writes) and as many items as fit beside them.
 */
export async function enterIndexInSteps<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  record: R,
  step: IndexStep<R>,
  first: TransactItem[] = [],
): Promise<R> {
  const entry = collection.entryOf(record);
  const units = indexUnits(collection.name, entry);
  const partial = record.searchIndexVersion === SEARCH_INDEX_VERSION && typeof record.searchIndexed === 'number';
  let done = partial ? (record.searchIndexed as number) : 0;
  let also = first;
  let stored = record;
  do {
    const take = Math.max(0, Math.min(units.length - done, STEP_ACTIONS - also.length));
    const writes = units.slice(done, done + take).map((u) => unitWrite(collection.name, entry, u, 1));
    done += take;
    const marked = done === units.length ? true : done === 0 ? false : done;
    stored = await step({ ...stored, searchIndexed: marked, searchIndexVersion: SEARCH_INDEX_VERSION }, [
      ...also,
      ...writes,
    ]);
    also = [];
  } while (done < units.length);
  return stored;
}

/**
 * Writes a new record with `also` and its title's index items, in one transaction (insertRecord). When they do
 * not fit one (a long title: a term costs a posting and a counter), the record goes in with as many as fit, and
 * the rest follow in steps, each a transaction at the version the step before stored (a crash in between leaves
 * the record marked with how many are in, for the next save or the backfill to finish).
 */
export async function insertIndexed<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  record: R,
  also: TransactItem[],
  takenMessage: ConflictMessage,
): Promise<R> {
  const stored: R = { ...record, searchIndexed: true, searchIndexVersion: SEARCH_INDEX_VERSION };
  const index = searchIndexWrites(collection.name, undefined, collection.entryOf(stored));
  if (1 + also.length + index.length <= MAX_TRANSACTION_ACTIONS) {
    await insertRecord(collection.itemOf(stored), [...also, ...index], takenMessage);
    return stored;
  }
  let first = true;
  let version = record.version;
  const unindexed: R = { ...record, searchIndexed: false };
  return enterIndexInSteps(
    collection,
    unindexed,
    async (next, items) => {
      if (first) {
        first = false;
        await insertRecord(collection.itemOf(next), items, takenMessage);
        return next;
      }
      const written: R = { ...next, version: version + 1 };
      await replaceRecord(collection.itemOf(written), version, items, takenMessage);
      version = written.version;
      return written;
    },
    also,
  );
}

/**
 * Replaces `current` (at its version: 409 when stale) by `next` with `also` and the index changes, in one
 * transaction. When they do not fit one (a long title, whose postings every save refreshes; a retitle; a record
 * indexed under older terms), the write is split into steps, each a transaction at the version the step before
 * stored: the record leaves the index, is written with `also` and the first of its new items, and the rest
 * follow. The version then moves by one a step; should a later step not happen, the record is left marked with
 * how much of it the index holds, for the next save or the backfill. Returns what was stored.
 */
export async function replaceIndexed<R extends IndexedRecord>(
  collection: IndexedCollection<R>,
  current: R,
  next: R,
  also: TransactItem[] = [],
  takenMessage?: ConflictMessage,
): Promise<R> {
  const indexed: R = { ...next, searchIndexed: true, searchIndexVersion: SEARCH_INDEX_VERSION };
  const index = recordIndexWrites(collection, current, indexed);
  if (1 + also.length + index.length <= MAX_TRANSACTION_ACTIONS) {
    const guard = collection.unchanged?.(current);
    await replaceRecord(collection.itemOf(indexed), current.version, [...also, ...index], takenMessage, guard);
    return indexed;
  }
  let version = current.version;
  // Each step relies on what the step before stored (the first, on `current`).
  let previous = current;
  const step: IndexStep<R> = async (record, items) => {
    const stored: R = { ...record, version: version + 1 };
    await replaceRecord(collection.itemOf(stored), version, items, takenMessage, collection.unchanged?.(previous));
    version = stored.version;
    previous = stored;
    return stored;
  };
  if (index.every((write) => write.Put) && also.length < STEP_ACTIONS) {
    // Same terms and tab: only the postings' row fields change, and the counts are right at every step. A crash
    // between two steps leaves the later postings showing the row as it was until the next save.
    let stored = await step(indexed, [...also, ...index.slice(0, STEP_ACTIONS - also.length)]);
    for (let from = STEP_ACTIONS - also.length; from < index.length; from += STEP_ACTIONS) {
      stored = await step(stored, index.slice(from, from + STEP_ACTIONS));
    }
    return stored;
  }
  await leaveIndexInSteps(collection, current, step);
  const unindexed: R = { ...next, searchIndexed: false, version };
  return enterIndexInSteps(collection, unindexed, step, also);
}
