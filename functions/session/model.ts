/**
 * Sessions: one item per sign-in, in the user's partition (pk USER#<id>, sk SESSION#<id>) beside the user item,
 * so one BatchGet reads a user and the session a token names (auth/access.ts). The access token names its
 * session; ending a session deletes the item and every token naming it stops working at its next request. The
 * item expires through TTL when it would have gone idle, so ended-by-idleness sessions vanish.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { queryByPrefix } from '../lib/db/paging';
import { deleteOne, type ItemRead, putOne, updateOne, withoutKeys } from '../lib/db/records';

export interface SessionRecord {
  _id: string;
  userId: string;
  /** The user's tokenVersion when the session began: a password change or block ends older sessions. */
  tokenVersion: number;
  createdAt: string;
  lastSeenAt: string;
  ip: string;
  device: string;
  /** sha256 of the refresh secret in the browser's cookie (the secret itself is never stored). */
  refreshHash: string;
  /** sha256 of the secret the last refresh replaced, answered for a few seconds more (AUTH.refreshReuseGraceSeconds). */
  previousRefreshHash?: string;
  /** Epoch seconds: when the last refresh replaced the secret. */
  rotatedAt?: number;
  /** Epoch seconds: when the session goes idle (DynamoDB deletes the item after that). */
  expiresAt: number;
  /** Epoch seconds: the latest the session may live however active it is. */
  endsAt: number;
}

const userPartition = (userId: string) => `USER#${userId}`;
const SESSION_SK_PREFIX = 'SESSION#';
const sessionKey = (userId: string, sessionId: string) => ({
  pk: userPartition(userId),
  sk: `${SESSION_SK_PREFIX}${sessionId}`,
});

const strip = (item: Record<string, unknown>) => withoutKeys<SessionRecord>(item);

export async function insertSession(session: SessionRecord): Promise<void> {
  await putOne(
    { ...sessionKey(session.userId, session._id), ...session },
    { ConditionExpression: 'attribute_not_exists(pk)' },
  );
}

/** Whether a session is still alive at `nowSeconds`: not idle too long, not past its absolute end. */
export function sessionAlive(session: SessionRecord, nowSeconds: number): boolean {
  return session.expiresAt > nowSeconds && session.endsAt > nowSeconds;
}

/** One session, for a read together with its user's other items (see readTogether). */
export const sessionRead = (userId: string, sessionId: string): ItemRead<SessionRecord> => ({
  key: sessionKey(userId, sessionId),
  from: strip,
});

/**
 * A refresh: the session's new refresh secret (the one it replaces kept as the previous), marked used now with
 * its idle end pushed back. One write, conditional on the secret the session was read with: of two refreshes
 * with one secret only one replaces it, and a session ended meanwhile stays ended. False when either happened.
 */
export async function touchSession(
  session: SessionRecord,
  changes: Pick<SessionRecord, 'lastSeenAt' | 'expiresAt' | 'ip' | 'refreshHash' | 'rotatedAt'>,
): Promise<boolean> {
  return conditionalWrite(
    updateOne(sessionKey(session.userId, session._id), {
      UpdateExpression:
        'SET lastSeenAt = :seen, expiresAt = :exp, ip = :ip, refreshHash = :new, previousRefreshHash = :hash, rotatedAt = :at',
      ConditionExpression: 'refreshHash = :hash',
      ExpressionAttributeValues: {
        ':seen': changes.lastSeenAt,
        ':exp': changes.expiresAt,
        ':ip': changes.ip,
        ':new': changes.refreshHash,
        ':at': changes.rotatedAt,
        ':hash': session.refreshHash,
      },
    }),
  );
}

/** Every session of a user, newest first (a user has a handful; the Query reads only their partition). */
export async function listSessions(userId: string): Promise<SessionRecord[]> {
  const items = await queryByPrefix(userPartition(userId), SESSION_SK_PREFIX, { consistent: true });
  return items.map(strip);
}

/** Ends one session; false when it was not there. */
export async function deleteSession(userId: string, sessionId: string): Promise<boolean> {
  return (await deleteOne(sessionKey(userId, sessionId))) !== undefined;
}

/** Ends every session of a user but `keep`; returns how many ended. */
export async function deleteSessions(userId: string, keep?: string): Promise<number> {
  const ids = (await listSessions(userId)).map((s) => s._id).filter((id) => id !== keep);
  const table = tableName();
  for (let i = 0; i < ids.length; i += 25) {
    const chunk = ids.slice(i, i + 25);
    let requests: Record<string, unknown>[] | undefined = chunk.map((id) => ({
      DeleteRequest: { Key: sessionKey(userId, id) },
    }));
    for (let attempt = 0; requests && requests.length > 0 && attempt < 5; attempt++) {
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [table]: requests as never } }));
      requests = out.UnprocessedItems?.[table] as Record<string, unknown>[] | undefined;
    }
  }
  return ids.length;
}
