/**
 * The audit entries of refused (429) sign-in attempts: counted, one entry per throttle counter and window, so a flood
 * of refusals cannot fill the trail. Apart from repo.ts so that only the code that throttles (and already updates
 * items) sends the UpdateItem this needs.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction } from '../../shared/audit';
import { AUDIT_RETENTION_DAYS, AUTH } from '../../shared/constants';
import { clock } from '../lib/clock';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { idFor } from '../lib/ids';
import { auditIndexes, auditKey } from './keys';

const DAY_SECONDS = 24 * 60 * 60;

/** A refused (429) attempt, as recordThrottled counts it. */
export interface ThrottledAttempt {
  /** The counter that refused it (its key): one entry per counter and window. */
  counter: string;
  /** What the counter counts, in words ('Codes of browsers not known to this user, per day'). */
  note: string;
  ip: string;
  email?: string;
  actorId?: string;
  actorName?: string;
}

/**
 * Counts a refused attempt in its counter's entry for the current window (AUTH.throttleAuditWindowSeconds), the
 * first refusal creating it: one conditional update of an entry whose key every parallel refusal computes alike
 * (the window's start and the counter), so a flood adds to a count and can never fill the trail. The entry shows
 * at the window's start, with the address and email of its first refusal and the time of its last.
 */
export async function recordThrottled(attempt: ThrottledAttempt): Promise<void> {
  const nowMs = clock.now();
  const windowMs = AUTH.throttleAuditWindowSeconds * 1000;
  const startMs = Math.floor(nowMs / windowMs) * windowMs;
  const at = new Date(startMs).toISOString();
  const _id = idFor(startMs, attempt.counter);
  const action: AuditAction = 'signInThrottled';
  const first: Record<string, unknown> = {
    _id,
    at,
    ip: attempt.ip,
    note: attempt.note,
    email: attempt.email,
    actorId: attempt.actorId,
    actorName: attempt.actorName,
    ...auditIndexes(at, _id, attempt.actorId, action),
    expiresAt: Math.floor(nowMs / 1000) + AUDIT_RETENTION_DAYS * DAY_SECONDS,
  };
  const names: Record<string, string> = { '#action': 'action', '#count': 'count', '#lastAt': 'lastAt' };
  const values: Record<string, unknown> = { ':action': action, ':one': 1, ':lastAt': new Date(nowMs).toISOString() };
  const sets = ['#action = :action', '#lastAt = :lastAt'];
  for (const [field, value] of Object.entries(first)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = if_not_exists(#${field}, :${field})`);
  }
  await conditionalWrite(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: auditKey(at, _id),
        UpdateExpression: `SET ${sets.join(', ')} ADD #count :one`,
        ConditionExpression: 'attribute_not_exists(#action) OR #action = :action',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}
