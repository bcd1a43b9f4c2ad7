/**
 * Builds the title index for records written before it existed (`npm run migrate:search-index`): pages through
 * a collection's listing partition in bounded batches, and indexes each record not yet indexed in its own
 * transaction, which lands only if the record is still at the version read and still unindexed. An editor's
 * save in between indexes the record itself (replaceIndexed), so the backfill re-reads it and finds nothing to
 * do; nobody's version moves, so nobody with the record open gets a conflict. After each batch the position is
 * stored in the table: a run that stops (Ctrl-C, a crash, `maxBatches`) resumes where it was.
 */
import { SEARCH_INDEX_VERSION } from '../../shared/constants';
import { type CopySource, refreshCopies } from '../lib/db/copies';
import type { PartitionQuery } from '../lib/db/paging';
import { getRecord, putOne, withoutKeys } from '../lib/db/records';
import { HttpError } from '../lib/errors';
import { backfillProgressKey, indexCompleteKey } from './keys';
import {
  type IndexedCollection,
  type IndexedRecord,
  isCurrentlyIndexed,
  recordIndexWrites,
  replaceIndexed,
} from './writes';

type ItemKey = { pk: string; sk: string };

export interface BackfillSource<R extends IndexedRecord> {
  collection: IndexedCollection<R>;
  /** A partition listing every record of the collection once (its gsi1 "all" partition). */
  listing: PartitionQuery;
  /** The record an item of the listing is; undefined for an item that is not one. */
  recordOf: (item: Record<string, unknown>) => R | undefined;
  keyOf: (record: R) => ItemKey;
}

/** The source of a collection whose listing partition holds its records and nothing else. */
export function recordsIn<R extends IndexedRecord & { _id: string }>(
  collection: IndexedCollection<R>,
  listing: PartitionQuery,
  key: (id: string) => ItemKey,
): BackfillSource<R> {
  return { collection, listing, recordOf: (item) => withoutKeys<R>(item), keyOf: (record) => key(record._id) };
}

export interface BackfillReport {
  read: number;
  indexed: number;
  /** Already indexed (by a save, or an earlier run). */
  skipped: number;
  /** Changed by someone at every attempt: left for the next run (their next save indexes them anyway). */
  busy: number;
  batches: number;
  /** Whether the whole listing was read. */
  done: boolean;
}

export interface BackfillOptions {
  /** Records read a batch. */
  batchSize?: number;
  /** Stop after this many batches (a bounded run); the next run resumes. */
  maxBatches?: number;
  /** Start from the beginning instead of where the last run stopped. */
  restart?: boolean;
  onBatch?: (report: BackfillReport) => void;
}

/** DynamoDB's limit on the actions of one transaction, less the record's own update. */
const ONE_STEP = 99;

/** `attribute` as read: absent, or equal to its value. */
const asRead = (name: string, attribute: string, value: unknown) =>
  value === undefined
    ? { expression: `attribute_not_exists(${name})`, values: {} }
    : { expression: `${name} = :${attribute}`, values: { [`:${attribute}`]: value } };

/**
 * Indexes, at the version read, the records of the listing not fully indexed under the current terms (never
 * indexed, indexed under older terms, or left part-way by a write in steps). A record whose change does not fit
 * one transaction is put aside in `inSteps`, for replaceIndexed after the batch.
 */
const indexing = <R extends IndexedRecord>(source: BackfillSource<R>, inSteps: R[]): CopySource<R> => ({
  ...source,
  update: (record) => {
    if (isCurrentlyIndexed(record)) return undefined;
    const also = recordIndexWrites(source.collection, record, record);
    if (also.length > ONE_STEP) {
      inSteps.push(record);
      return undefined;
    }
    const indexed = asRead('#indexed', 'indexed', record.searchIndexed);
    const version = asRead('#indexVersion', 'indexVersion', record.searchIndexVersion);
    return {
      set: { searchIndexed: true, searchIndexVersion: SEARCH_INDEX_VERSION },
      also,
      // Still indexed as read (a save moves the version too; a rename's refresh may index a record without it).
      condition: {
        expression: `(${indexed.expression}) AND (${version.expression})`,
        names: { '#indexed': 'searchIndexed', '#indexVersion': 'searchIndexVersion' },
        values: { ...indexed.values, ...version.values },
      },
    };
  },
});

/**
 * Re-indexes a record whose change takes several transactions: a save's steps (replaceIndexed), each moving the
 * version by one, so whoever has it open reloads once. 'busy' when it changed under the backfill.
 */
async function indexInSteps<R extends IndexedRecord>(source: BackfillSource<R>, read: R) {
  const record = await getRecord<R>(source.keyOf(read), true);
  if (!record || isCurrentlyIndexed(record)) return 'skipped';
  try {
    await replaceIndexed(source.collection, record, record);
    return 'indexed';
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return 'busy';
    throw error;
  }
}

export async function backfillSearchIndex<R extends IndexedRecord>(
  source: BackfillSource<R>,
  options: BackfillOptions = {},
): Promise<BackfillReport> {
  const progressKey = backfillProgressKey(source.collection.name);
  const saved = options.restart ? undefined : await getRecord<Record<string, unknown>>(progressKey, true);
  let start = saved?.done ? undefined : (saved?.start as Record<string, unknown> | undefined);
  // Records left busy since this pass over the listing began (in this run or the runs it resumes): the pass that
  // ends with none has brought every record to the current terms.
  let passBusy = start && typeof saved?.passBusy === 'number' ? saved.passBusy : 0;
  const report: BackfillReport = { read: 0, indexed: 0, skipped: 0, busy: 0, batches: 0, done: false };
  do {
    const busyBefore = report.busy;
    const inSteps: R[] = [];
    const batch = await refreshCopies(indexing(source, inSteps), {
      start,
      pages: 1,
      pageSize: options.batchSize ?? 25,
    });
    report.read += batch.updated + batch.skipped + batch.busy;
    report.indexed += batch.updated;
    report.skipped += batch.skipped - inSteps.length;
    report.busy += batch.busy;
    for (const record of inSteps) {
      const outcome = await indexInSteps(source, record);
      if (outcome === 'indexed') report.indexed++;
      else if (outcome === 'busy') report.busy++;
      else report.skipped++;
    }
    passBusy += report.busy - busyBefore;
    start = batch.next;
    report.batches++;
    report.done = !start;
    await putOne({ ...progressKey, start, done: report.done, passBusy, at: new Date().toISOString() });
    if (report.done && passBusy === 0) {
      await putOne({
        ...indexCompleteKey(source.collection.name),
        version: SEARCH_INDEX_VERSION,
        at: new Date().toISOString(),
      });
    }
    options.onBatch?.(report);
  } while (start && report.batches !== options.maxBatches);
  return report;
}
