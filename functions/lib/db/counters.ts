/** Counters: list totals kept in the same transaction as the write (`COUNT#<entity>` / bucket), and their reads. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { counterKey } from './counter-keys';
import { batchGet } from './reads';
import type { TransactItem } from './transact-item';

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

/**
 * A transaction item adding `delta` to `attribute` of the counter item at `key` (created on first use); with
 * `unlessSet`, it fails while that attribute is present (a counter closed by the trash: trash/model.ts, closeCounter).
 */
export function counterMove(
  key: { pk: string; sk: string },
  attribute: string,
  delta: number,
  unlessSet?: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD #count :delta',
      ...(unlessSet ? { ConditionExpression: 'attribute_not_exists(#closed)' } : {}),
      ExpressionAttributeNames: { '#count': attribute, ...(unlessSet ? { '#closed': unlessSet } : {}) },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/**
 * One Update adding each delta to its attribute of the item at `key` (top-level numbers, created on first use;
 * zero deltas left out): several counts kept on one item, such as an author's totals by status.
 */
export function addToCounts(key: { pk: string; sk: string }, deltas: Record<string, number>): TransactItem {
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
