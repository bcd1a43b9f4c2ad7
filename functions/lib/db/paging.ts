/**
 * Page-numbered lists over a Query (newest first). DynamoDB has no offset, so page N reads the first N pages'
 * keys and returns the last one: fine for admin lists of hundreds to a few thousands of records, where the
 * SPEC's numbered pager is wanted. Totals come from counters, never from counting items.
 */
import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { counterKey } from './counter-keys';
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
