/**
 * The no-escalation rule (CONTRACT.md §6) as the API enforces it: every user and role call that changes what
 * someone may do passes through here, and a refusal is a 403 saying why. The rule itself is shared/authority.ts,
 * which the web app also asks.
 */
import { changeUserRefusal, grantRefusal, lowerTwoFactorRefusal, type TwoFactorRole } from '../../shared/authority';
import { type AccessSubject, type ModelPermissions, mergePermissions } from '../../shared/permissions';
import { forbidden } from '../lib/errors';
import type { RoleRecord } from './model';

/** The actor as the rule sees them: what they hold, and which roles they hold it through. */
export type Authority = AccessSubject & { roles: ReadonlyArray<Pick<RoleRecord, '_id'>> };

const refuse = (reason: string | null) => {
  if (reason) throw forbidden(reason);
};

/** What a user's roles grant, disabled roles included (shared/authority.ts says why). */
export const grantsOf = (roles: ReadonlyArray<Pick<RoleRecord, 'modelPermissions'>>): ModelPermissions =>
  mergePermissions(roles.map((r) => r.modelPermissions ?? {}));

/** Nobody but a super admin may hand out a permission they do not hold: by a role created, edited or assigned. */
export function assertCanGrant(actor: AccessSubject, permissions: ModelPermissions): void {
  refuse(grantRefusal(actor, permissions));
}

/** Editing, blocking, a password or second-factor reset, ending sessions: only of users within the actor's own. */
export function assertCanChangeUser(
  actor: AccessSubject,
  target: { name: string; isSuperAdmin?: boolean },
  targetRoles: ReadonlyArray<Pick<RoleRecord, 'modelPermissions'>>,
): void {
  refuse(changeUserRefusal(actor, { ...target, grants: grantsOf(targetRoles) }));
}

/** A role's two-factor requirement is lifted only by someone outside it. */
export function assertMayLowerTwoFactor(
  actor: Authority,
  current: TwoFactorRole,
  next: Pick<TwoFactorRole, 'status' | 'requiresTwoFactor'>,
): void {
  refuse(
    lowerTwoFactorRefusal(
      actor.roles.map((r) => r._id),
      current,
      next,
    ),
  );
}
