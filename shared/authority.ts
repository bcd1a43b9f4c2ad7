/**
 * Who may change whom: nobody becomes more than they are (CONTRACT.md §6, "No escalation"). The API enforces
 * these rules on every user and role call (functions/role/authority.ts); the web app asks the same functions
 * which buttons to offer, so a refused action is greyed out with the reason the API would give.
 */
import {
  type AccessSubject,
  type Action,
  canAccess,
  normalizeAction,
  RESOURCE_LABELS,
  RESOURCES,
  type Resource,
} from './permissions';

type Grid = Partial<Record<string, readonly string[]>>;

const ACTION_LABELS: Record<Action, string> = {
  Read: 'Read',
  Write: 'Write',
  Edit: 'Edit',
  EditOwn: 'Edit:own',
  Remove: 'Remove',
};

/** "Edit on Roles and Permissons": an action as the role screen names it. */
const grantLabel = (resource: Resource, action: Action) => `${ACTION_LABELS[action]} on ${RESOURCE_LABELS[resource]}`;

/** The first permission of a grid the actor does not hold (a super admin holds them all), if any. */
export function firstUnheld(actor: AccessSubject, grid: Grid): { resource: Resource; action: Action } | undefined {
  if (actor.isSuperAdmin === true) return undefined;
  for (const resource of RESOURCES) {
    for (const spelt of grid[resource] ?? []) {
      const action = normalizeAction(spelt);
      if (action && !canAccess(actor, resource, [action])) return { resource, action };
    }
  }
  return undefined;
}

/** Why the actor may not hand out these permissions (by a role they create, edit or assign), or null. */
export function grantRefusal(actor: AccessSubject, grid: Grid): string | null {
  const missing = firstUnheld(actor, grid);
  return missing
    ? `You cannot grant ${grantLabel(missing.resource, missing.action)}: you do not hold it yourself`
    : null;
}

/** What the rule needs to know of the user being changed. */
export interface ChangeTarget {
  name: string;
  isSuperAdmin?: boolean;
  /**
   * What the user's roles grant, disabled roles included: a disabled role can be enabled again, and whoever took
   * over its holder's account would then hold it.
   */
  grants: Grid;
}

export const SUPER_ADMIN_ONLY = 'Only a super admin can change a super admin';

/**
 * Why the actor may not edit, block, reset the password or second factor of, or end the sessions of this user,
 * or null when they may: a super admin only by a super admin, anyone else only by someone who holds every
 * permission the user's roles grant. Whoever could change a more powerful account could sign in as it.
 */
export function changeUserRefusal(actor: AccessSubject, target: ChangeTarget): string | null {
  if (target.isSuperAdmin === true) return actor.isSuperAdmin === true ? null : SUPER_ADMIN_ONLY;
  const missing = firstUnheld(actor, target.grants);
  if (!missing) return null;
  return `You cannot change ${target.name}: their roles grant ${grantLabel(missing.resource, missing.action)}, which you do not hold`;
}

/** A role as far as its two-factor requirement goes. */
export interface TwoFactorRole {
  _id: string;
  status: string;
  requiresTwoFactor?: boolean;
}

/** The role makes its holders sign in with a second factor (a disabled role requires nothing). */
const requiresTwoFactorNow = (role: Pick<TwoFactorRole, 'status' | 'requiresTwoFactor'>) =>
  role.status === 'Enable' && role.requiresTwoFactor === true;

/**
 * Why the actor may not make a role stop requiring two-factor sign-in (untick it, or disable the role), or null.
 * Only someone outside the role may lower it: its holders would otherwise free themselves of their own second
 * factor. (Holding every permission of the role, the other condition, is checked for any role edit.)
 */
export function lowerTwoFactorRefusal(
  actorRoleIds: readonly string[],
  current: TwoFactorRole,
  next: Pick<TwoFactorRole, 'status' | 'requiresTwoFactor'>,
): string | null {
  if (!requiresTwoFactorNow(current) || requiresTwoFactorNow(next)) return null;
  return actorRoleIds.includes(current._id)
    ? 'You hold this role, so you cannot lift its two-factor requirement; ask another admin'
    : null;
}
