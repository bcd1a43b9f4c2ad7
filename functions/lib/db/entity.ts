/**
 * An entity's model in one declaration (`functions/<entity>/model.ts`): its keys, the indexes it is listed in and
 * by what, its list counter, and the operations every entity has (read one, a page, every one, insert, replace at
 * a version). Services call these and compose the transaction items they return; they never build a key, a
 * condition or a table name themselves.
 *
 * Why our own and not ElectroDB or dynamodb-toolbox (functions/README.md, "Models"): both would add to every Lambda
 * (measured, minified with the SDK: ElectroDB +226 KB, dynamodb-toolbox v2 +67 KB), both own the item's attribute
 * layout and key formats (the table's `CMS#<id>` keys, counters and title postings would need migrating or
 * templates), and our transactions mix an entity's items with counters, postings and checks of other entities, up
 * to 100 actions and in steps beyond: what we need from a model is the items and writes, which this file gives in
 * under 150 lines.
 */
import { counterUpdate } from './counters';
import { entityKey } from './entity-keys';
import { type CountedQuery, countedPage, type PartitionQuery, queryAll } from './paging';
import {
  type ConflictMessage,
  getRecord,
  insertRecord,
  putAtVersion,
  replaceRecord,
  type TransactItem,
  withoutKeys,
} from './records';
import { INDEXES } from './table';

type IndexName = keyof typeof INDEXES;

/** Where a record sits in one index: a partition, and what it sorts by there (its id is appended, so equal values stay apart). */
export interface IndexPlacement<R> {
  /**
   * The partition; or, for an index split by a value of the record (roles by status), how a partition is named
   * from that value, with `by` giving the record's.
   */
  partition: string | ((value: string) => string);
  by?: (record: R) => string;
  sortBy: (record: R) => string;
  /** A sparse index: only the records for which this holds are in it. */
  when?: (record: R) => boolean;
}

/** Which partition of which index a read is of: the first index by default; `value` names a split index's partition. */
export interface ListingChoice {
  index?: IndexName;
  value?: string;
}

export interface EntitySpec<R> {
  /** Items are `<name>#<id>` / `<name>`; the list counter is `COUNT#<name>`. */
  name: string;
  /** The indexes the record is listed in. */
  indexes: Partial<Record<IndexName, IndexPlacement<R>>>;
  /** What a second record under the same key gets (409), e.g. 'This client already exists'. */
  takenMessage: string;
}

export interface Entity<R extends { _id: string }> {
  name: string;
  key: (id: string) => { pk: string; sk: string };
  /** The stored item: keys, index attributes, then the record. */
  itemOf: (record: R) => Record<string, unknown>;
  recordOf: (item: Record<string, unknown>) => R;
  /** The Query of one of its index partitions (for paging helpers and backfills). */
  listing: (index: IndexName, value?: string) => PartitionQuery;
  get: (id: string, consistent?: boolean) => Promise<R | undefined>;
  /**
   * One page (1-based) of an index partition, newest first, with the total from the list counter's `bucket`
   * (`ALL` by default).
   */
  page: (
    page: number,
    limit: number,
    from?: ListingChoice & { bucket?: string },
  ) => Promise<{ list: R[]; total: number }>;
  /** Every record of an index partition (pickers), newest first, up to `max`. */
  all: (max: number, from?: ListingChoice) => Promise<R[]>;
  /** A move of the list counter (`ALL`, or another bucket such as a status), in the write's transaction. */
  counted: (delta: number, bucket?: string) => TransactItem;
  /** Writes a new record and `also`, counted, in one transaction; a taken key among them is 409. */
  insert: (record: R, also?: TransactItem[], takenMessage?: string) => Promise<void>;
  /**
   * Replaces the record stored at `expectedVersion` (409 when stale) with `also`, in one transaction; a failed
   * condition among `also` is 409 with `message`.
   */
  replace: (next: R, expectedVersion: number, also?: TransactItem[], message?: ConflictMessage) => Promise<void>;
  /** A Put of another record of the entity at the version it was read at, for a caller's transaction. */
  putAt: (record: R, expectedVersion: number) => TransactItem;
}

export function defineEntity<R extends { _id: string }>(spec: EntitySpec<R>): Entity<R> {
  const key = (id: string) => entityKey(spec.name, id);
  const placements = Object.entries(spec.indexes) as [IndexName, IndexPlacement<R>][];
  const partitionOf = (placement: IndexPlacement<R>, value: string | undefined) => {
    if (typeof placement.partition === 'string') return placement.partition;
    if (value === undefined) throw new Error(`${spec.name}: which partition?`);
    return placement.partition(value);
  };
  const listing = (index: IndexName, value?: string): PartitionQuery => {
    const placement = spec.indexes[index];
    if (!placement) throw new Error(`${spec.name} is not listed in ${index}`);
    return { index, partition: partitionOf(placement, value) };
  };
  const itemOf = (record: R) => {
    const item: Record<string, unknown> = { ...key(record._id) };
    for (const [index, placement] of placements) {
      if (placement.when && !placement.when(record)) continue;
      item[INDEXES[index].partitionKey] = partitionOf(placement, placement.by?.(record));
      item[INDEXES[index].sortKey] = `${placement.sortBy(record)}#${record._id}`;
    }
    return Object.assign(item, record);
  };
  const counted = (delta: number, bucket = 'ALL') => counterUpdate(spec.name, bucket, delta);
  const firstIndex = placements[0]?.[0];
  const indexOr = (index: IndexName | undefined) => {
    const chosen = index ?? firstIndex;
    if (!chosen) throw new Error(`${spec.name} is in no index`);
    return chosen;
  };
  return {
    name: spec.name,
    key,
    itemOf,
    recordOf: (item) => withoutKeys<R>(item),
    listing,
    get: (id, consistent = false) => getRecord<R>(key(id), consistent),
    page: (page, limit, from = {}) => {
      const query: CountedQuery = {
        ...listing(indexOr(from.index), from.value),
        counter: spec.name,
        bucket: from.bucket,
      };
      return countedPage<R>(query, page, limit);
    },
    all: async (max, from = {}) =>
      (await queryAll<Record<string, unknown>>(listing(indexOr(from.index), from.value), max)).map((i) =>
        withoutKeys<R>(i),
      ),
    counted,
    insert: (record, also = [], takenMessage = spec.takenMessage) =>
      insertRecord(itemOf(record), [counted(1), ...also], takenMessage),
    replace: (next, expectedVersion, also = [], message) => replaceRecord(itemOf(next), expectedVersion, also, message),
    putAt: (record, expectedVersion) => putAtVersion(itemOf(record), expectedVersion),
  };
}
