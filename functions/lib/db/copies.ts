/**
 * Copies of another record's fields kept in rows (a category's name in an article's list row, so a list shows
 * it without a read per category), brought up to date in bounded passes; the title index's backfill is such a
 * pass too (its "copy" is the record's index entries). A pass reads a listing partition one
 * page at a time, DynamoDB keeping only the items that may hold the copy, and updates each stale record in its
 * own transaction at the version it was read at, without moving that version: whoever has the record open
 * saves without a conflict. A record saved in between is read again and looked at afresh (a save reads the
 * names anew, so it usually needs nothing). Repos pass keys, fields and filters: this module knows none.
 *
 * A FilterExpression is applied after the read: a pass reads, and pays for, every item of the partition.
 */
import { conditionalWrite, tableName } from './client';
import { type ItemFilter, type PartitionQuery, queryOnePage } from './paging';
import { getRecord, type TransactItem, transact } from './records';

type ItemKey = { pk: string; sk: string };
/** Where a pass stopped: a Query's LastEvaluatedKey. */
export type StartKey = Record<string, unknown>;

/** What a stale record gets. */
export interface CopyUpdate {
  /** The attributes to set (the fresh copies). */
  set: Record<string, unknown>;
  /** Written in the same transaction: other items holding the same copies. */
  also?: TransactItem[];
  /** What must still hold on the stored item besides its version, for `also` to be right. */
  condition?: ItemFilter;
}

export interface CopySource<R extends { version: number }> {
  /** A partition listing every record once (the one the title index's backfill walks). */
  listing: PartitionQuery;
  /** The items that may hold the copy (all, when none). */
  filter?: ItemFilter;
  /** The record an item of the listing is; undefined for an item that is not one. */
  recordOf: (item: Record<string, unknown>) => R | undefined;
  keyOf: (record: R) => ItemKey;
  /** What to write on a record; undefined when its copy is right already (or it holds none). */
  update: (record: R) => CopyUpdate | undefined;
}

export interface RefreshBudget {
  /** Where the previous call stopped (its `next`); the start of the partition when undefined. */
  start?: StartKey;
  /** Pages read by this call at most. */
  pages?: number;
  /** Items read a page (before the filter). */
  pageSize?: number;
}

export interface RefreshProgress {
  /** Where to go on from in another call; undefined when the whole partition was read. */
  next?: StartKey;
  updated: number;
  /** Right already, or no longer holding the copy. */
  skipped: number;
  /** Saved by someone at every attempt: those saves read the names themselves. */
  busy: number;
}

const ATTEMPTS = 3;
/** About 500 KB of 1 KB article rows a page, under DynamoDB's 1 MB; a call reads at most PAGES of them. */
const PAGE_SIZE = 500;
const PAGES = 4;

/** Named references (`{_id, name}`) with `name` given to `id`; undefined when none needs it. */
export function renamedRefs<T extends { _id: string; name: string }>(
  refs: readonly T[] | undefined,
  id: string,
  name: string,
): T[] | undefined {
  if (!refs?.some((r) => r._id === id && r.name !== name)) return undefined;
  return refs.map((r) => (r._id === id ? { ...r, name } : r));
}

/** `{ [attribute]: name }` when the record's `attribute` is stale; undefined when it is right already. */
export const renamedField = (current: unknown, attribute: string, name: string) =>
  current === name ? undefined : { [attribute]: name };

function updateAtVersion(key: ItemKey, version: number, update: CopyUpdate): TransactItem {
  const attributes = Object.keys(update.set);
  const condition = update.condition;
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${attributes.map((_, i) => `#set${i} = :set${i}`).join(', ')}`,
      // Only on the version read: a missing item fails too, so an Update never creates one.
      ConditionExpression: condition ? `#version = :version AND (${condition.expression})` : '#version = :version',
      ExpressionAttributeNames: {
        '#version': 'version',
        ...Object.fromEntries(attributes.map((a, i) => [`#set${i}`, a])),
        ...condition?.names,
      },
      ExpressionAttributeValues: {
        ':version': version,
        ...Object.fromEntries(attributes.map((a, i) => [`:set${i}`, update.set[a]])),
        ...condition?.values,
      },
    },
  };
}

/** Brings one record's copy up to date: 'updated', 'skipped' or 'busy'. */
async function refreshOne<R extends { version: number }>(source: CopySource<R>, read: R) {
  let record: R | undefined = read;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const update = record && source.update(record);
    if (!record || !update) return 'skipped';
    const key = source.keyOf(record);
    if (await conditionalWrite(transact([updateAtVersion(key, record.version, update), ...(update.also ?? [])]))) {
      return 'updated';
    }
    record = await getRecord<R>(key, true);
  }
  return 'busy';
}

/** One bounded part of a pass: at most `pages` pages from `start`; go on from `next` in another call. */
export async function refreshCopies<R extends { version: number }>(
  source: CopySource<R>,
  budget: RefreshBudget = {},
): Promise<RefreshProgress> {
  const progress: RefreshProgress = { updated: 0, skipped: 0, busy: 0 };
  let start = budget.start;
  for (let page = 0; page < (budget.pages ?? PAGES); page++) {
    const out = await queryOnePage(source.listing, start, budget.pageSize ?? PAGE_SIZE, source.filter);
    for (const item of out.Items ?? []) {
      const record = source.recordOf(item);
      if (record) progress[await refreshOne(source, record)]++;
    }
    start = out.LastEvaluatedKey;
    if (!start) break;
  }
  return { ...progress, next: start };
}
