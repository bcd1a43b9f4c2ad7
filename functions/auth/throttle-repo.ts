/** Failed sign-in counters with a fixed window; the TTL attribute lets DynamoDB delete old ones. */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db/client';
import { failedLoginsByEmail, failedLoginsByIp } from '../lib/db/throttle-keys';

type Key = { pk: string; sk: string };
const nowSeconds = () => Math.floor(Date.now() / 1000);

export const throttleKeys = { byEmail: failedLoginsByEmail, byIp: failedLoginsByIp };

/** Failures counted in the live window (an expired item counts as none: TTL deletion is lazy). */
export async function failuresIn(key: Key): Promise<{ count: number; retryAfter: number }> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const item = out.Item as { count?: number; expiresAt?: number } | undefined;
  const now = nowSeconds();
  if (!item?.expiresAt || item.expiresAt <= now) return { count: 0, retryAfter: 0 };
  return { count: item.count ?? 0, retryAfter: item.expiresAt - now };
}

/** Adds one failure to the live window, or opens a new window. */
export async function recordFailure(key: Key, windowSeconds: number): Promise<void> {
  const now = nowSeconds();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'expiresAt > :now',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':now': now },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...key, count: 1, expiresAt: now + windowSeconds } }),
    );
  }
}

export async function clearFailures(key: Key): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
}
