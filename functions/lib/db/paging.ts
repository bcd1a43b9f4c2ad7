/**
 * Page-numbered lists over a Query (newest first). DynamoDB has no offset, so page N reads the first N pages'
 * keys and returns the last one: fine for admin lists of hundreds to a few thousands of records, where the
 * SPEC's numbered pager is wanted. Totals come from counters, never from counting items.
 */
import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { counterKey } from './counter-keys';
import { batchGet } from './records';
import { INDEXES, type IndexDefinition } from './table';

export interface PartitionQuery {
  index: keyof typeof INDEXES;
  partition: string;
}

async function queryItems(query: PartitionQuery, max: number): Promise<Record<string, unknown>[]> {
  const index: IndexDefinition = INDEXES[query.index];
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.partitionKey },
        ExpressionAttributeValues: { ':pk': query.partition },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
        Limit: Math.min(max - items.length, 1000),
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start && items.length < max);
  return items;
}

/** Items of one page (1-based), newest first. */
export async function queryPage<T>(query: PartitionQuery, page: number, limit: number): Promise<T[]> {
  const items = await queryItems(query, page * limit);
  return items.slice((page - 1) * limit, page * limit) as T[];
}

/** Every item of a partition (for pickers), newest first, up to `max`. */
export async function queryAll<T>(query: PartitionQuery, max = 5000): Promise<T[]> {
  return (await queryItems(query, max)) as T[];
}

export async function readCounter(entity: string, bucket = 'ALL'): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: counterKey(entity, bucket) }));
  return Math.max(0, (out.Item?.count as number | undefined) ?? 0);
}

/** A transaction item adding `delta` to a counter (created on first use). */
export function counterUpdate(entity: string, bucket: string, delta: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: counterKey(entity, bucket),
      UpdateExpression: 'ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** A DynamoDB FilterExpression with its names and values. */
export interface ItemFilter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

export interface RangeQuery extends PartitionQuery {
  /** Sort-key bounds (inclusive); the upper bound gets '~' so every `<bound>#<id>` key is inside. */
  from?: string;
  to?: string;
  filters?: ItemFilter[];
  /** Oldest first instead of newest first. */
  ascending?: boolean;
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
  const index: IndexDefinition = INDEXES[query.index];
  const names: Record<string, string> = { '#pk': index.partitionKey, '#sk': index.sortKey };
  const values: Record<string, unknown> = {
    ':pk': query.partition,
    ':from': query.from ?? '0',
    ':to': `${query.to ?? '9999'}~`,
  };
  for (const f of query.filters ?? []) {
    Object.assign(names, f.names);
    Object.assign(values, f.values);
  }
  const filter = (query.filters ?? []).map((f) => `(${f.expression})`).join(' AND ');
  const first = (page - 1) * limit;
  const list: T[] = [];
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        FilterExpression: filter || undefined,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: query.ascending === true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      if (total >= first && list.length < limit) list.push(item as T);
      total++;
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return { list, total };
}

/** Filters the lists share: text contained in a normalized attribute, one of several ids in a list attribute. */
export const containsText = (attribute: string, text: string): ItemFilter => ({
  expression: 'contains(#text, :text)',
  names: { '#text': attribute },
  values: { ':text': text },
});

export const containsAny = (attribute: string, ids: readonly string[]): ItemFilter => ({
  expression: ids.map((_, i) => `contains(#any, :any${i})`).join(' OR '),
  names: { '#any': attribute },
  values: Object.fromEntries(ids.map((id, i) => [`:any${i}`, id])),
});

export const equals = (attribute: string, value: unknown): ItemFilter => ({
  expression: '#eq = :eq',
  names: { '#eq': attribute },
  values: { ':eq': value },
});

/** The first `limit` items of a sort-key range (one Query, no filter, no total): dashboards' short lists. */
export async function queryFirst<T>(query: RangeQuery, limit: number): Promise<T[]> {
  const index: IndexDefinition = INDEXES[query.index];
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#pk': index.partitionKey, '#sk': index.sortKey },
      ExpressionAttributeValues: {
        ':pk': query.partition,
        ':from': query.from ?? '0',
        ':to': `${query.to ?? '9999'}~`,
      },
      ScanIndexForward: query.ascending === true,
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as T[];
}

/** Several counters in one BatchGet (missing ones are 0). */
export async function readCounters<B extends string>(
  entity: string,
  buckets: readonly B[],
): Promise<Record<B, number>> {
  const items = await batchGet(buckets.map((b) => counterKey(entity, b)));
  const counts = Object.fromEntries(buckets.map((b) => [b, 0])) as Record<B, number>;
  for (const item of items) counts[item.sk as B] = Math.max(0, (item.count as number | undefined) ?? 0);
  return counts;
}
