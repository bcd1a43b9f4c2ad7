/** How services write the audit trail: who acted, from which address, on what, and what changed. */
import type { AuditAction, AuditEntry } from '../../shared/audit';
import { canonicalJson } from '../lib/canonical-json';
import { recordAudit } from './model';

/**
 * Who acted, as the trail names them. The signed-in AuthUser (user/auth-user.ts) is one; the audit sits below
 * users and roles, so it names only what it reads.
 */
export interface Actor {
  _id: string;
  name: string;
}

export interface AuditTarget {
  type: NonNullable<AuditEntry['targetType']>;
  id: string;
  name?: string;
}

export type AuditDetails = Pick<AuditEntry, 'changes' | 'note'>;

/** One entry for an action of a signed-in user (`ip` is the request's, `req.ip`). */
export function auditAction(
  actor: Actor,
  ip: string,
  action: AuditAction,
  target: AuditTarget,
  details: AuditDetails = {},
): Promise<void> {
  return recordAudit({
    action,
    actorId: actor._id,
    actorName: actor.name,
    ip,
    targetType: target.type,
    targetId: target.id,
    targetName: target.name,
    ...details,
  });
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

/** The fields a new record was created with, as changes from nothing. */
export const createdFields = <T extends object>(record: T, fields: readonly (keyof T)[]) =>
  diffFields<Partial<T>>({}, record, fields);
