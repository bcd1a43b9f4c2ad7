/**
 * Page-numbered lists over a Query (newest first). DynamoDB has no offset, so page N reads the first N pages'
 * keys and returns the last one: fine for admin lists of hundreds to a few thousands of records, where the
 * numbered pager of CONTRACT.md §2 is wanted. A listing that keeps a page index (page-index.ts: the article tabs)
 * passes where the page starts instead. Totals come from counters, never from counting items.
 */
import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { readCounter } from './counters';
import type { ItemFilter } from './item-filter';
import { withoutKeys } from './reads';
import { INDEXES, type IndexDefinition, TABLE_KEYS } from './table';

/** `table` queries the base table's own keys (a partition of the table itself, such as the title index's). */
export type QueryTarget = keyof typeof INDEXES | 'table';

export interface PartitionQuery {
  index: QueryTarget;
  partition: string;
  /** Oldest (smallest sort key) first instead of newest first. */
  ascending?: boolean;
}

interface KeyCondition {
  IndexName: string | undefined;
  KeyConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** The index and key condition of a Query of one partition. */
const keysOf = (target: QueryTarget): Omit<IndexDefinition, 'name' | 'purpose'> & { name?: string } =>
  target === 'table' ? TABLE_KEYS : INDEXES[target];

function partitionCondition(query: PartitionQuery): KeyCondition {
  const index = keysOf(query.index);
  return {
    IndexName: index.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': index.partitionKey },
    ExpressionAttributeValues: { ':pk': query.partition },
  };
}

/** The index and key condition of a Query of one partition's sort-key range (see RangeQuery). */
function rangeCondition(query: RangeQuery): KeyCondition {
  const condition = partitionCondition(query);
  return {
    IndexName: condition.IndexName,
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, '#sk': keysOf(query.index).sortKey },
    ExpressionAttributeValues: {
      ...condition.ExpressionAttributeValues,
      ':from': query.from ?? '0',
      ':to': `${query.to ?? '9999'}~`,
    },
  };
}

/**
 * Sends a Query page after page: `take` gets each page's items and says whether to read on (while pages
 * remain); `pageLimit`, when given, caps each next page.
 */
async function eachPage(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>,
  take: (items: Record<string, unknown>[]) => boolean,
  pageLimit?: () => number,
): Promise<void> {
  let start: Record<string, unknown> | undefined;
  let more: boolean;
  do {
    const out: QueryCommandOutput = await db().send(
      new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start, Limit: pageLimit?.() }),
    );
    more = take(out.Items ?? []);
    start = out.LastEvaluatedKey;
  } while (start && more);
}

/**
 * The items of one item collection whose sort key starts with `prefix` (an article's revisions, a user's
 * sessions), every page of them up to `max`, newest (highest key) first unless `oldestFirst`.
 */
export async function queryByPrefix(
  pk: string,
  prefix: string,
  options: { oldestFirst?: boolean; consistent?: boolean; max?: number } = {},
): Promise<Record<string, unknown>[]> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const items: Record<string, unknown>[] = [];
  await eachPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ConsistentRead: options.consistent === true,
      ScanIndexForward: options.oldestFirst === true,
    },
    (page) => {
      items.push(...page);
      return items.length < max;
    },
    Number.isFinite(max) ? () => Math.min(max - items.length, 1000) : undefined,
  );
  return items.slice(0, max);
}

/** The key condition of a Query of the items of a partition whose sort key starts with `prefix`. */
function prefixCondition(query: PartitionQuery, prefix: string): KeyCondition {
  const condition = partitionCondition(query);
  return {
    IndexName: condition.IndexName,
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, '#sk': keysOf(query.index).sortKey },
    ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':prefix': prefix },
  };
}

/** The sum of one number attribute over the items of a partition whose sort key starts with `prefix`. */
export async function sumOverPrefix(query: PartitionQuery, prefix: string, attribute: string): Promise<number> {
  const condition = prefixCondition(query, prefix);
  let sum = 0;
  await eachPage(
    {
      ...condition,
      ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, '#n': attribute },
      ProjectionExpression: '#n',
    },
    (items) => {
      for (const item of items) if (typeof item[attribute] === 'number') sum += item[attribute];
      return true;
    },
  );
  return sum;
}

/**
 * The sort keys of a partition's items whose sort key starts with `prefix`, in key order, at most `max` (only the
 * keys travel; DynamoDB still counts the items' whole size).
 */
export async function sortKeysWithPrefix(query: PartitionQuery, prefix: string, max: number): Promise<string[]> {
  const condition = prefixCondition(query, prefix);
  const sortKey = keysOf(query.index).sortKey;
  const keys: string[] = [];
  await eachPage(
    { ...condition, ProjectionExpression: '#sk', ScanIndexForward: true },
    (items) => {
      for (const item of items) keys.push(String(item[sortKey]));
      return keys.length < max;
    },
    () => Math.min(max - keys.length, 5000),
  );
  return keys.slice(0, max);
}

async function queryItems(query: PartitionQuery, max: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  await eachPage(
    { ...partitionCondition(query), ScanIndexForward: query.ascending === true },
    (page) => {
      items.push(...page);
      return items.length < max;
    },
    () => Math.min(max - items.length, 1000),
  );
  return items;
}

/**
 * One Query page of a partition from `start` (a LastEvaluatedKey), oldest first, `filter` applied by DynamoDB
 * after the read: to walk every item in bounded steps (the index backfill, the name refresh). `consistent` only
 * for a partition of the table itself (an index has no consistent reads).
 */
export function queryOnePage(
  query: PartitionQuery,
  start: Record<string, unknown> | undefined,
  limit: number,
  filter?: ItemFilter,
  consistent = false,
) {
  const condition = partitionCondition(query);
  return db().send(
    new QueryCommand({
      TableName: tableName(),
      ...condition,
      FilterExpression: filter?.expression,
      ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, ...filter?.names },
      ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ...filter?.values },
      ExclusiveStartKey: start,
      Limit: limit,
      ConsistentRead: consistent,
    }),
  );
}

/** Items of one page (1-based), newest first. */
export async function queryPage<T>(query: PartitionQuery, page: number, limit: number): Promise<T[]> {
  return (await queryPageAt<T>(query, page, limit)).items;
}

/** Where a page starts (page-index.ts): the sort key to read from (exclusive, in the listing's order) and how many to skip there. */
export interface PageStart {
  key: string;
  skip: number;
}

/** A page with the cursors of its neighbours (shared/schemas/list-query.ts PAGE_CURSOR). */
export interface CursorPage<T> {
  items: T[];
  next?: string;
  prev?: string;
}

/** How queryPageAt reads: from a neighbour's cursor or a known start, and which items count. */
export interface PageReading {
  /** A neighbouring page's `next` or `prev`. */
  cursor?: string;
  /** Where the page begins (a page index, page-index.ts), when there is no cursor. */
  start?: PageStart;
  /** The items that count (all when none). */
  accept?: (item: Record<string, unknown>) => boolean;
  /**
   * About what share of the partition's items `accept` takes (0–1, from counters): each Query asks for as many as
   * should fill the page, so a sparse match is one or two requests rather than one a page's worth.
   */
  acceptedShare?: number;
}

/**
 * One page, newest first (oldest first with `ascending`), of the items that pass `accept` (all when none).
 * Without a cursor, by its number: the pages before it are read too, so its cost grows with the number (a jump),
 * unless `start` says where it begins (a page index, page-index.ts). With the `next`/`prev` of a neighbouring
 * page, reading starts at the sort key the cursor names and stops once the page is full. Either way the page comes
 * back with its own neighbours' cursors.
 */
export async function queryPageAt<T>(
  query: PartitionQuery,
  page: number,
  limit: number,
  { cursor, start, accept = () => true, acceptedShare = 1 }: PageReading = {},
): Promise<CursorPage<T>> {
  const sortKey = keysOf(query.index).sortKey;
  const condition = partitionCondition(query);
  const direction = cursor?.slice(0, cursor.indexOf(':'));
  const backwards = direction === 'before';
  // Reading on goes towards smaller keys newest first, larger ones oldest first; `before:` goes the other way.
  const towardsLarger = backwards !== (query.ascending === true);
  const from = cursor ? cursor.slice(cursor.indexOf(':') + 1) : start?.key;
  if (from !== undefined) {
    condition.KeyConditionExpression += ` AND #sk ${towardsLarger ? '>' : '<'} :key`;
    condition.ExpressionAttributeNames['#sk'] = sortKey;
    condition.ExpressionAttributeValues[':key'] = from;
  }
  // By cursor: the page starts at the key. By a page index's start (page-index.ts): a few items past the key.
  // Otherwise: every item of the pages before it is read and passed over.
  const skip = cursor ? 0 : start ? start.skip : (page - 1) * limit;
  const items: Record<string, unknown>[] = [];
  let passed = 0;
  await eachPage(
    { ...condition, ScanIndexForward: towardsLarger },
    (found) => {
      for (const item of found) {
        if (!accept(item)) continue;
        if (passed++ >= skip && items.length < limit) items.push(item);
      }
      return items.length < limit;
    },
    () => Math.min(1000, Math.ceil(Math.max(limit, skip + limit - passed) / Math.max(acceptedShare, 0.001))),
  );
  if (backwards) items.reverse();
  const first = items[0]?.[sortKey];
  const last = items[items.length - 1]?.[sortKey];
  return {
    items: items as T[],
    next: items.length === limit && typeof last === 'string' ? `after:${last}` : undefined,
    prev: page > 1 && typeof first === 'string' ? `before:${first}` : undefined,
  };
}

/** Every item of a partition (for pickers), newest first (oldest first with `ascending`), up to `max`. */
export async function queryAll<T>(query: PartitionQuery, max = 5000): Promise<T[]> {
  return (await queryItems(query, max)) as T[];
}

/** A partition whose total a counter holds: `COUNT#<counter>` / `bucket` (default ALL). */
export interface CountedQuery extends PartitionQuery {
  counter: string;
  bucket?: string;
}

/** One page (1-based) of a partition's records without their keys, newest first, and their total from the counter. */
export async function countedPage<T>(
  query: CountedQuery,
  page: number,
  limit: number,
): Promise<{ list: T[]; total: number }> {
  const [items, total] = await Promise.all([
    queryPage<Record<string, unknown>>(query, page, limit),
    readCounter(query.counter, query.bucket),
  ]);
  return { list: items.map((i) => withoutKeys<T>(i)), total };
}

export type { ItemFilter } from './item-filter';

export interface RangeQuery extends PartitionQuery {
  /** Sort-key bounds (inclusive); the upper bound gets '~' so every `<bound>#<id>` key is inside. */
  from?: string;
  to?: string;
  filters?: ItemFilter[];
  /** A check no FilterExpression can make, run on each item DynamoDB returns; the total counts only those passing. */
  accept?: (item: Record<string, unknown>) => boolean;
  /** A strongly consistent read (a partition of the table itself only: an index has none). */
  consistent?: boolean;
}

/**
 * One page of the items in a sort-key range that pass the filters, with the exact number that do: the
 * whole range is read (DynamoDB filters after reading), so callers narrow the range as much as they can.
 */
export async function queryFiltered<T>(
  query: RangeQuery,
  page: number,
  limit: number,
): Promise<{ list: T[]; total: number }> {
  const condition = rangeCondition(query);
  for (const f of query.filters ?? []) {
    Object.assign(condition.ExpressionAttributeNames, f.names);
    Object.assign(condition.ExpressionAttributeValues, f.values);
  }
  const filter = (query.filters ?? []).map((f) => `(${f.expression})`).join(' AND ');
  const first = (page - 1) * limit;
  const list: T[] = [];
  let total = 0;
  await eachPage(
    { ...condition, FilterExpression: filter || undefined, ScanIndexForward: query.ascending === true },
    (items) => {
      for (const item of items) {
        if (query.accept && !query.accept(item)) continue;
        if (total >= first && list.length < limit) list.push(item as T);
        total++;
      }
      return true;
    },
  );
  return { list, total };
}

/** Filters the lists share: one of several ids in a list attribute, an attribute's value. */
export const containsAny = (attribute: string, ids: readonly string[]): ItemFilter => ({
  expression: ids.map((_, i) => `contains(#any, :any${i})`).join(' OR '),
  names: { '#any': attribute },
  values: Object.fromEntries(ids.map((id, i) => [`:any${i}`, id])),
});

/** An attribute's value is one of several (`#in IN (:in0, :in1, …)`). */
export const isOneOf = (attribute: string, values: readonly unknown[]): ItemFilter => ({
  expression: `#in IN (${values.map((_, i) => `:in${i}`).join(', ')})`,
  names: { '#in': attribute },
  values: Object.fromEntries(values.map((value, i) => [`:in${i}`, value])),
});

export const equals = (attribute: string, value: unknown): ItemFilter => ({
  expression: '#eq = :eq',
  names: { '#eq': attribute },
  values: { ':eq': value },
});

/** The first `limit` items of a sort-key range (one Query, no filter, no total): dashboards' short lists. */
export async function queryFirst<T>(query: RangeQuery, limit: number): Promise<T[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...rangeCondition(query),
      ScanIndexForward: query.ascending === true,
      ConsistentRead: query.consistent === true,
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as T[];
}

/**
 * Up to `limit` items of a sort-key range from `after` (a previous call's `next`), reading on past DynamoDB's
 * pages, and where the next call starts (undefined after the last): to walk a range in bounded steps.
 */
export async function queryRangePage(
  query: RangeQuery,
  limit: number,
  after?: Record<string, unknown>,
): Promise<{ items: Record<string, unknown>[]; next?: Record<string, unknown> }> {
  const items: Record<string, unknown>[] = [];
  let start = after;
  do {
    const out: QueryCommandOutput = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...rangeCondition(query),
        ScanIndexForward: query.ascending === true,
        ExclusiveStartKey: start,
        Limit: limit - items.length,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start && items.length < limit);
  return { items, next: start };
}
