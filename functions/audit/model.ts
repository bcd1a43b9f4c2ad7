/**
 * The audit trail, as stored: one item an entry (pk AUDIT#<YYYY-MM-DD>, sk <at>#<id>), found newest first through
 * three indexes — every entry (gsi2, partition AUDIT), one actor's (gsi1, AUDITUSER#<userId>) and one action's
 * (gsi4, AUDITACTION#<action>). Sort keys start with the ISO time, so a day is a key range. Written by the
 * services that change accounts, roles, the site and the home page (and by sign-in), read by super admins.
 * Entries expire through TTL after AUDIT_RETENTION_DAYS.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditEntry, AuditPage } from '../../shared/audit';
import { AUDIT_RETENTION_DAYS } from '../../shared/constants';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { putItem, putOne, type TransactItem, updateOne, withoutKeys } from '../lib/db/records';
import { INDEXES } from '../lib/db/table';
import { badRequest } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';

export type AuditInput = Omit<AuditEntry, '_id' | 'at'>;

const auditKey = (at: string, id: string) => ({ pk: `AUDIT#${at.slice(0, 10)}`, sk: `${at}#${id}` });
const auditIndexes = (at: string, id: string, actorId: string | undefined, action: string) => ({
  gsi2pk: 'AUDIT',
  gsi2sk: `${at}#${id}`,
  ...(actorId ? { gsi1pk: `AUDITUSER#${actorId}`, gsi1sk: `${at}#${id}` } : {}),
  gsi4pk: `AUDITACTION#${action}`,
  gsi4sk: `${at}#${id}`,
});
const AUDIT_PARTITIONS = {
  all: { index: 'gsi2', pk: () => 'AUDIT' },
  byActor: { index: 'gsi1', pk: (userId: string) => `AUDITUSER#${userId}` },
  byAction: { index: 'gsi4', pk: (action: string) => `AUDITACTION#${action}` },
} as const;

const DAY_SECONDS = 24 * 60 * 60;

/** When an entry written at `at` (ISO) expires: epoch seconds, AUDIT_RETENTION_DAYS later. */
const expiresAtOf = (at: string) => Math.floor(Date.parse(at) / 1000) + AUDIT_RETENTION_DAYS * DAY_SECONDS;

/** One entry as stored. Values are trimmed so an entry stays small whatever was changed. */
function auditItem(input: AuditInput, at = nowIso()) {
  const _id = newId();
  const entry: AuditEntry = { ...input, _id, at, changes: input.changes && trimChanges(input.changes) };
  return {
    ...auditKey(at, _id),
    ...auditIndexes(at, _id, input.actorId, input.action),
    ...entry,
    expiresAt: expiresAtOf(at),
  };
}

/** Records one entry. */
export async function recordAudit(input: AuditInput): Promise<void> {
  await putOne(auditItem(input));
}

/**
 * One entry as a write of another record's transaction (an article's status move): it is there exactly when the
 * move is, and costs the move no extra round trip.
 */
export const auditPut = (input: AuditInput, at: string): TransactItem => putItem(auditItem(input, at));

/** The fields a counted entry (countEntry) is created with. */
export type CountedEntry = Pick<
  AuditEntry,
  '_id' | 'at' | 'action' | 'ip' | 'note' | 'email' | 'actorId' | 'actorName'
>;

/**
 * Adds one to the count of the entry `entry._id` at `entry.at`, the first call creating it with `entry`'s fields
 * (later calls keep them) and each call setting `lastAt`: one conditional update of an entry whose key every
 * parallel caller computes alike, so a flood adds to a count and can never fill the trail. The entry expires
 * AUDIT_RETENTION_DAYS after its first call (`lastAt` then).
 */
export async function countEntry(entry: CountedEntry, lastAt: string): Promise<void> {
  const { _id, at, action, ...fields } = entry;
  const first: Record<string, unknown> = {
    _id,
    at,
    ...fields,
    ...auditIndexes(at, _id, entry.actorId, action),
    expiresAt: expiresAtOf(lastAt),
  };
  const names: Record<string, string> = { '#action': 'action', '#count': 'count', '#lastAt': 'lastAt' };
  const values: Record<string, unknown> = { ':action': action, ':one': 1, ':lastAt': lastAt };
  const sets = ['#action = :action', '#lastAt = :lastAt'];
  for (const [field, value] of Object.entries(first)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = if_not_exists(#${field}, :${field})`);
  }
  await conditionalWrite(
    updateOne(auditKey(at, _id), {
      UpdateExpression: `SET ${sets.join(', ')} ADD #count :one`,
      ConditionExpression: 'attribute_not_exists(#action) OR #action = :action',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

function trimValue(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 300)}…` : value;
  if (value === undefined || value === null || typeof value !== 'object') return value;
  const text = JSON.stringify(value);
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : value;
}

function trimChanges(changes: Record<string, [unknown, unknown]>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [field, [before, after]] of Object.entries(changes).slice(0, 40)) {
    out[field] = [trimValue(before), trimValue(after)];
  }
  return out;
}

export interface AuditQuery {
  userId?: string;
  action?: AuditAction;
  /** YYYY-MM-DD (UTC). */
  day?: string;
  cursor?: string;
  limit: number;
}

function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof key === 'object' && key !== null && !Array.isArray(key)) return key;
  } catch {
    // fall through
  }
  throw badRequest('cursor is not valid');
}

/**
 * One page, newest first. The most selective filter picks the index (actor, then action, then all); a day is a
 * key range on any of them; an action with an actor is a filter on that actor's entries.
 */
export async function listAudit(query: AuditQuery): Promise<AuditPage> {
  const source = query.userId
    ? { ...AUDIT_PARTITIONS.byActor, pk: AUDIT_PARTITIONS.byActor.pk(query.userId) }
    : query.action
      ? { ...AUDIT_PARTITIONS.byAction, pk: AUDIT_PARTITIONS.byAction.pk(query.action) }
      : { ...AUDIT_PARTITIONS.all, pk: AUDIT_PARTITIONS.all.pk() };
  const index = INDEXES[source.index];
  const names: Record<string, string> = { '#pk': index.partitionKey };
  const values: Record<string, unknown> = { ':pk': source.pk };
  let keyCondition = '#pk = :pk';
  if (query.day) {
    names['#sk'] = index.sortKey;
    values[':from'] = `${query.day}T`;
    values[':to'] = `${query.day}T\uffff`;
    keyCondition += ' AND #sk BETWEEN :from AND :to';
  }
  const filterByAction = query.userId !== undefined && query.action !== undefined;
  if (filterByAction) {
    names['#action'] = 'action';
    values[':action'] = query.action;
  }
  const list: AuditEntry[] = [];
  let start = decodeCursor(query.cursor);
  // A filter can leave a read short; keep reading (bounded) until the page is full or the entries end.
  for (let reads = 0; reads < 10 && list.length < query.limit; reads++) {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: keyCondition,
        FilterExpression: filterByAction ? '#action = :action' : undefined,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        ExclusiveStartKey: start,
        Limit: query.limit - list.length,
      }),
    );
    for (const item of out.Items ?? []) {
      const { expiresAt: _expires, ...entry } = withoutKeys<AuditEntry & { expiresAt?: number }>(item);
      list.push(entry);
    }
    start = out.LastEvaluatedKey;
    if (!start) break;
  }
  return { list, next: start ? Buffer.from(JSON.stringify(start)).toString('base64url') : undefined };
}
