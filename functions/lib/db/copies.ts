/**
 * Copies of another record's fields kept in rows (a category's name in an article's list row, so a list shows
 * it without a read per category), brought up to date in bounded passes; the title index's backfill is such a
 * pass too (its "copy" is the record's index entries). A pass reads a listing partition one
 * page at a time, DynamoDB keeping only the items that may hold the copy, and updates each stale record in its
 * own transaction at the version it was read at, without moving that version: whoever has the record open
 * saves without a conflict. A record saved in between is read again and looked at afresh (a save reads the
 * names anew, so it usually needs nothing). Repos pass keys, fields and filters: this module knows none.
 *
 * A FilterExpression is applied after the read: a pass reads, and pays for, every item of the partition. So the
 * rows that copy a name are also listed by key: name references (below), one small item per row and named record,
 * which a rename Queries instead, reading only the rows that show the name.
 */
import type { NameChange } from '../renames';
import { conditionalWrite, tableName } from './client';
import { type ItemFilter, type PartitionQuery, queryOnePage } from './paging';
import { batchGet, deleteItem, getRecord, type TransactItem, transact } from './records';

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
  /** A partition listing every record once (the one the title index's backfill walks), or its name references. */
  listing: PartitionQuery;
  /**
   * When the listing holds references rather than the records (name references): the key of the record an item
   * names. The records of each page are then read by key, consistently.
   */
  readByKey?: (item: Record<string, unknown>) => ItemKey;
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
  const byKey = source.readByKey;
  for (let page = 0; page < (budget.pages ?? PAGES); page++) {
    const out = await queryOnePage(source.listing, start, budget.pageSize ?? PAGE_SIZE, source.filter, !!byKey);
    const items = byKey ? await batchGet((out.Items ?? []).map(byKey), true) : (out.Items ?? []);
    for (const item of items) {
      const record = source.recordOf(item);
      if (record) progress[await refreshOne(source, record)]++;
    }
    start = out.LastEvaluatedKey;
    if (!start) break;
  }
  return { ...progress, next: start };
}

/** One bounded step of a walk: from where the last stopped (`start`), its counts and where the next starts. */
export type RefreshStep = (budget: Pick<RefreshBudget, 'start'>) => Promise<RefreshProgress>;

/**
 * Runs `step` from where each call stopped until the whole listing was read; the counts summed, and told to
 * `onStep` after each step (a backfill's progress line).
 */
export async function stepToTheEnd(
  step: RefreshStep,
  onStep?: (total: Omit<RefreshProgress, 'next'>) => void,
): Promise<Omit<RefreshProgress, 'next'>> {
  const total = { updated: 0, skipped: 0, busy: 0 };
  let start: StartKey | undefined;
  do {
    const { next, ...counts } = await step({ start });
    total.updated += counts.updated;
    total.skipped += counts.skipped;
    total.busy += counts.busy;
    start = next;
    onStep?.(total);
  } while (start);
  return total;
}

/** Calls `refreshCopies` from where each call stopped until the whole listing was read; the counts summed. */
export const refreshToTheEnd = <R extends { version: number }>(
  source: CopySource<R>,
  budget: Omit<RefreshBudget, 'start'> = {},
) => stepToTheEnd(({ start }) => refreshCopies(source, { ...budget, start }));

/**
 * The pass that brings records from before a set of items into them: for each record whose `mark` is not set, the
 * items `writes` gives (its listing, its counts) and the mark, in one transaction at the version read and without
 * moving it, only while the mark is still unset (a save in between did it itself). The listing is read with the
 * same filter, so a pass over records already done reads them but writes nothing.
 */
export function markingPass<R extends { version: number }>(
  records: Pick<CopySource<R>, 'listing' | 'recordOf' | 'keyOf'>,
  mark: keyof R & string,
  writes: (record: R) => TransactItem[],
): CopySource<R> {
  const unmarked: ItemFilter = {
    expression: 'attribute_not_exists(#mark) OR #mark = :no',
    names: { '#mark': mark },
    values: { ':no': false },
  };
  return {
    listing: records.listing,
    recordOf: records.recordOf,
    keyOf: records.keyOf,
    filter: unmarked,
    update: (record) =>
      record[mark] ? undefined : { set: { [mark]: true }, also: writes(record), condition: unmarked },
  };
}

// ---------------------------------------------------------------- name references

/** A record whose name rows copy: a category, a user or a client. */
export type Named = Pick<NameChange, 'kind' | 'id'>;

/** A row that copies names, and whether its name references are written. */
export interface ListedRecord {
  _id: string;
  version: number;
  /** Whether its name references are written (rows saved before them wait for the backfill: listNamesOfAll). */
  namesListed?: boolean;
}

/**
 * Which rows copy which named record's name: one small item per (named record, row), in a partition of the named
 * record, so a rename Queries the rows that show the name (cost in proportion to them, whatever the archive). The
 * row's own module builds the keys and writes the items in the row's own transaction (nameReferenceWrites).
 */
export interface NameReferences<R extends ListedRecord> {
  /** The records a row copies the name of. */
  namedBy: (record: R) => Named[];
  /** The partition listing the rows that copy `named`'s name: what a rename Queries. */
  partition: (named: Named) => PartitionQuery;
  /** The reference item of row `rowId` in that partition. */
  key: (named: Named, rowId: string) => ItemKey;
  /** The row a reference item names (its key, for the read by key). */
  rowKeyOf: (reference: Record<string, unknown>) => ItemKey;
}

const namedText = (named: Named) => `${named.kind}#${named.id}`;
const namedOf = <R extends ListedRecord>(refs: NameReferences<R>, record: R | undefined) =>
  new Map((record ? refs.namedBy(record) : []).map((named) => [namedText(named), named]));

/**
 * The reference items that move with a row from `before` (undefined: new) to `after` (undefined: gone for good),
 * for the row's transaction; `after` is listed once written, so its item must say `namesListed: true`. A
 * reference `before` had and `after` has not is deleted even when `before` was read unlisted: the backfill may
 * have listed it since (it moves no version), and deleting a missing item is no error.
 */
export function nameReferenceWrites<R extends ListedRecord>(
  refs: NameReferences<R>,
  before: R | undefined,
  after: R | undefined,
): TransactItem[] {
  const had = namedOf(refs, before);
  const has = namedOf(refs, after);
  const writes: TransactItem[] = [];
  for (const [text, named] of had) {
    if (before && !has.has(text)) writes.push(deleteItem(refs.key(named, before._id)));
  }
  for (const [text, named] of has) {
    if (after && !(before?.namesListed && had.has(text))) {
      writes.push({ Put: { TableName: tableName(), Item: refs.key(named, after._id) } });
    }
  }
  return writes;
}

/**
 * The rows that copy `named`'s name, as a copies pass reads them: its references Queried, the rows read by key.
 * Each reference costs a few dozen bytes of the Query, each row one consistent read: a rename reads in proportion
 * to the rows that show the name.
 */
export const referencedRows = <R extends ListedRecord>(
  refs: NameReferences<R>,
  named: Named,
  source: Pick<CopySource<R>, 'recordOf' | 'keyOf' | 'update'>,
): CopySource<R> => ({ ...source, listing: refs.partition(named), readByKey: refs.rowKeyOf });

const NOT_LISTED: ItemFilter = {
  expression: 'attribute_not_exists(#listed) OR #listed = :no',
  names: { '#listed': 'namesListed' },
  values: { ':no': false },
};

/**
 * Writes the name references of the rows saved before them: a copies pass over every row of the listing, each
 * unlisted one listed in its own transaction at the version read, without moving it (a save in between lists it
 * itself). Returns how many it listed and how many were saved at every attempt (run it again).
 */
export async function listNamesOfAll<R extends ListedRecord>(
  refs: NameReferences<R>,
  source: Pick<CopySource<R>, 'listing' | 'recordOf' | 'keyOf'>,
): Promise<{ listed: number; busy: number }> {
  const { updated, busy } = await refreshToTheEnd({
    ...source,
    filter: NOT_LISTED,
    update: (row) =>
      row.namesListed
        ? undefined
        : {
            set: { namesListed: true },
            also: nameReferenceWrites(refs, row, { ...row, namesListed: true }),
            condition: NOT_LISTED,
          },
  });
  return { listed: updated, busy };
}

/**
 * What a kind of row that copies names needs after a rename and for its backfill: `refresh`, one bounded step of
 * bringing the rows naming the renamed record up to date (`update` says what a row sets, undefined when nothing),
 * read through its name references; `listAll`, the pass writing the references of rows saved before them.
 */
export function copiedNames<R extends ListedRecord, C extends NameChange>(
  refs: NameReferences<R>,
  rows: Pick<CopySource<R>, 'listing' | 'recordOf' | 'keyOf'>,
  update: (row: R, change: C) => CopyUpdate | undefined,
) {
  const { recordOf, keyOf } = rows;
  return {
    refresh: (change: C, budget?: RefreshBudget) =>
      refreshCopies(referencedRows(refs, change, { recordOf, keyOf, update: (row) => update(row, change) }), budget),
    listAll: () => listNamesOfAll(refs, rows),
  };
}
