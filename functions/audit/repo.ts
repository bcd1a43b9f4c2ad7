/**
 * The audit trail: written by the services that change accounts, roles, the site and the home page (and by
 * sign-in), read by super admins. Entries expire through TTL after AUDIT_RETENTION_DAYS.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditEntry, AuditPage } from '../../shared/audit';
import { AUDIT_RETENTION_DAYS } from '../../shared/constants';
import { canonicalJson } from '../lib/canonical-json';
import { db, tableName } from '../lib/db/client';
import { putItem, type TransactItem, withoutKeys } from '../lib/db/records';
import { INDEXES } from '../lib/db/table';
import { badRequest } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { AUDIT_PARTITIONS, auditIndexes, auditKey } from './keys';

export type AuditInput = Omit<AuditEntry, '_id' | 'at'>;

const DAY_SECONDS = 24 * 60 * 60;

/** One entry as stored. Values are trimmed so an entry stays small whatever was changed. */
function auditItem(input: AuditInput, at = nowIso()) {
  const _id = newId();
  const entry: AuditEntry = { ...input, _id, at, changes: input.changes && trimChanges(input.changes) };
  return {
    ...auditKey(at, _id),
    ...auditIndexes(at, _id, input.actorId, input.action),
    ...entry,
    expiresAt: Math.floor(Date.parse(at) / 1000) + AUDIT_RETENTION_DAYS * DAY_SECONDS,
  };
}

/** Records one entry. */
export async function recordAudit(input: AuditInput): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: auditItem(input) }));
}

/**
 * One entry as a write of another record's transaction (an article's status move): it is there exactly when the
 * move is, and costs the move no extra round trip.
 */
export const auditPut = (input: AuditInput, at: string): TransactItem => putItem(auditItem(input, at));

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

/** Field → [before, after] for the fields whose values differ (compared as JSON, whatever the key order). */
export function diffFields<T extends object>(before: T, after: T, fields: readonly (keyof T)[]) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (canonicalJson(before[field]) !== canonicalJson(after[field])) {
      changes[String(field)] = [before[field] ?? null, after[field] ?? null];
    }
  }
  return changes;
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
