/**
 * Users: CONTRACT.md §2–§7 for /user*, enforced here whatever the client sends. PATCH /user is one route for several
 * forms (profile, edit, block/unblock, another user's password, one's own password): the route table tells them
 * apart and checks the grant each needs before the body is checked; this module receives the parsed form.
 */
import type { RouteBody } from '../../shared/api';
import { canAccess } from '../../shared/permissions';
import type { SessionsEnded } from '../../shared/schemas/auth';
import type { ListPage } from '../../shared/schemas/common';
import {
  CURRENT_PASSWORD_WRONG,
  type OwnPasswordChangeInput,
  type PatchUserKind,
  type PatchUserResults,
  type ProfileInput,
  type UserCreateInput,
  type UserDetail,
  type UserEditInput,
  type UserListQuery,
  type UserOption,
  type UserPasswordChangeInput,
  type UserStatusInput,
} from '../../shared/schemas/user';
import { type AuditTarget, auditAction, createdFields, diffFields } from '../audit/record';
import { firstVersion } from '../lib/db/records';
import { badRequest, forbidden, notFound, staleVersion, unauthorized } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { announceRename } from '../lib/renames';
import { assertCanChangeUser, assertCanGrant } from '../role/authority';
import { getRolesByIds, type RoleRecord } from '../role/model';
import { deleteSessions } from '../session/model';
import { signToken } from '../session/tokens';
import { deleteTwoFactor, getTwoFactor } from '../two-factor/model';
import type { AuthUser } from './auth-user';
import { confirmPassword } from './confirm-password';
import { getUserById, insertUser, listAllUsers, listUsers, replaceUser, type UserRecord } from './model';
import { currentUser, publicUser } from './view';

const canEditUsers = (actor: AuthUser) => canAccess(actor, 'User', ['Edit']);

/** What an audit entry of a user's creation or edit shows (role ids, not names). */
const AUDITED_FIELDS = ['email', 'name', 'phone', 'roles'] as const;

const PROFILE_FIELDS = ['name', 'phone', 'addressLine1', 'addressLine2', 'city', 'pincode'] as const;

/**
 * The profile's fields as the form shows them (an address never entered is ''): what a profile save stores,
 * and what the audit of an edit compares.
 */
const profileOf = (profile: Pick<UserRecord, (typeof PROFILE_FIELDS)[number]>) => ({
  name: profile.name,
  phone: profile.phone,
  addressLine1: profile.addressLine1 ?? '',
  addressLine2: profile.addressLine2 ?? '',
  city: profile.city ?? '',
  pincode: profile.pincode ?? '',
});

const auditTarget = (user: UserRecord): AuditTarget => ({ type: 'user', id: user._id, name: user.name });

async function loadUser(id: string): Promise<UserRecord> {
  const user = await getUserById(id);
  if (!user) throw notFound('No such user');
  return user;
}

/**
 * A user the actor may change: one whose roles grant nothing the actor lacks, and a super admin only to a super
 * admin (CONTRACT.md §6, "No escalation"). Every call that changes another account starts here.
 */
async function loadManageable(actor: AuthUser, id: string): Promise<UserRecord> {
  const target = await loadUser(id);
  assertCanChangeUser(actor, target, await getRolesByIds(target.roles));
  return target;
}

/** The session the request was made with (every signed-in request has one). */
function currentSessionId(actor: AuthUser): string {
  if (!actor.session) throw unauthorized();
  return actor.session._id;
}

/**
 * Roles newly given to a user must exist, be enabled, and grant nothing the actor lacks. Roles the user
 * already had may stay as they are (even if disabled since: they grant nothing while disabled).
 */
async function checkRoleAssignment(actor: AuthUser, wanted: string[], had: string[] = []): Promise<RoleRecord[]> {
  const unique = [...new Set(wanted)];
  const roles = await getRolesByIds(unique);
  const byId = new Map(roles.map((r) => [r._id, r]));
  for (const id of unique) {
    const role = byId.get(id);
    if (!role) throw badRequest('One of the selected roles does not exist');
    if (had.includes(id)) continue;
    if (role.status !== 'Enable') throw badRequest(`The role ${role.name} is blocked and cannot be assigned`);
    assertCanGrant(actor, role.modelPermissions ?? {});
  }
  return roles;
}

const withRoles = async (user: UserRecord) => publicUser(user, await getRolesByIds(user.roles));

/** `?all=true` is the pickers' list: names for anyone signed in, emails only for those who may read users. */
async function pickerList(actor: AuthUser): Promise<ListPage<UserOption>> {
  const withEmail = canAccess(actor, 'User', ['Read', 'Edit']);
  const list = (await listAllUsers()).map((u) =>
    withEmail ? { _id: u._id, name: u.name, email: u.email } : { _id: u._id, name: u.name },
  );
  return { list, total: list.length };
}

export async function findUsers(actor: AuthUser, { all, page, limit }: UserListQuery) {
  if (all) return pickerList(actor);
  if (!canEditUsers(actor)) throw forbidden();
  const { list, total } = await listUsers(page, limit);
  const roles = await getRolesByIds(list.flatMap((u) => u.roles));
  return { list: list.map((u) => publicUser(u, roles)), total };
}

/** One user for Edit User, with whether their second factor is on (for "Reset two-factor sign-in"). */
export async function findUser(id: string): Promise<UserDetail> {
  const [user, twoFactor] = await Promise.all([loadUser(id), getTwoFactor(id)]);
  return { ...(await withRoles(user)), twoFactorEnabled: twoFactor?.enabled === true };
}

export async function createUser(actor: AuthUser, input: UserCreateInput, ip: string) {
  const roles = await checkRoleAssignment(actor, input.roles);
  const now = nowIso();
  const user: UserRecord = {
    _id: newId(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    roles: [...new Set(input.roles)],
    status: 'Enable',
    isSuperAdmin: false,
    passwordHash: await hashPassword(input.password),
    tokenVersion: 0,
    ...firstVersion(now),
  };
  await insertUser(user);
  await auditAction(actor, ip, 'userCreated', auditTarget(user), { changes: createdFields(user, AUDITED_FIELDS) });
  return publicUser(user, roles);
}

/** The stored user with changes applied, a new version and, when asked, every token made void. */
function changed(current: UserRecord, changes: Partial<UserRecord>, voidTokens = false): UserRecord {
  return {
    ...current,
    ...changes,
    tokenVersion: current.tokenVersion + (voidTokens ? 1 : 0),
    updatedAt: nowIso(),
    version: current.version + 1,
  };
}

/** Refuses a write made on a copy older than the stored record (the client says which version it read). */
function assertFresh(current: UserRecord, version: number): void {
  if (current.version !== version) throw staleVersion();
}

async function editUser(actor: AuthUser, input: UserEditInput, ip: string) {
  const current = await loadManageable(actor, input._id);
  assertFresh(current, input.version);
  const roles = await checkRoleAssignment(actor, input.roles, current.roles);
  const next = changed(current, { email: input.email, name: input.name, phone: input.phone, roles: input.roles });
  await replaceUser(current, next);
  announceRename('user', current, next);
  await auditAction(actor, ip, 'userUpdated', auditTarget(next), {
    changes: diffFields(current, next, AUDITED_FIELDS),
  });
  return publicUser(next, roles);
}

async function setStatus(actor: AuthUser, input: UserStatusInput, ip: string) {
  if (input._id === actor._id) throw badRequest('You cannot block or unblock yourself');
  const current = await loadManageable(actor, input._id);
  assertFresh(current, input.version);
  const blocking = input.status === 'Disable';
  // Blocking ends every session at once; the auth middleware also refuses blocked users on each request.
  const next = changed(current, { status: input.status }, blocking);
  await replaceUser(current, next);
  if (blocking) await deleteSessions(next._id);
  await auditAction(actor, ip, blocking ? 'userBlocked' : 'userUnblocked', auditTarget(next));
  return withRoles(next);
}

/** An admin sets another user's password: every token and session of that user ends. */
async function changeUserPassword(actor: AuthUser, input: UserPasswordChangeInput, ip: string) {
  const current = await loadManageable(actor, input._id);
  const next = changed(current, { passwordHash: await hashPassword(input.password) }, true);
  await replaceUser(current, next);
  await deleteSessions(next._id);
  await auditAction(actor, ip, 'passwordChanged', auditTarget(next));
  return { _id: next._id };
}

/**
 * A user changes their own password, proving they know the current one: every other session ends (a thief's
 * too), this one carries on with a fresh token for the same session.
 */
async function changeOwnPassword(actor: AuthUser, input: OwnPasswordChangeInput, ip: string) {
  const current = actor.record;
  await confirmPassword(current, input.currentPassword, {
    ip,
    purpose: 'Changing their own password',
    wrongMessage: CURRENT_PASSWORD_WRONG,
  });
  const sessionId = currentSessionId(actor);
  const next = changed(current, { passwordHash: await hashPassword(input.password) });
  await replaceUser(current, next);
  const ended = await deleteSessions(next._id, sessionId);
  await auditAction(actor, ip, 'passwordChanged', auditTarget(next), { note: `${ended} other session(s) ended` });
  return { token: await signToken(next, sessionId) };
}

async function updateProfile(actor: AuthUser, input: ProfileInput, ip: string) {
  const current = actor.record;
  assertFresh(current, input.version);
  const next = changed(current, profileOf(input));
  await replaceUser(current, next);
  announceRename('user', current, next);
  await auditAction(actor, ip, 'userUpdated', auditTarget(next), {
    changes: diffFields(profileOf(current), profileOf(next), PROFILE_FIELDS),
  });
  return currentUser({ ...actor, name: next.name, record: next }, await getTwoFactor(actor._id));
}

/** The forms acting on another user reach here only with Edit on User (the route table's grants say so). */
export async function patchUser(
  actor: AuthUser,
  body: RouteBody<'PATCH /user'>,
  ip: string,
): Promise<PatchUserResults[PatchUserKind]> {
  switch (body.form) {
    case 'ownPassword':
      return changeOwnPassword(actor, body.input, ip);
    case 'password':
      return changeUserPassword(actor, body.input, ip);
    case 'status':
      return setStatus(actor, body.input, ip);
    case 'edit':
      return editUser(actor, body.input, ip);
    case 'profile':
      return updateProfile(actor, body.input, ip);
  }
}

/** Signs a user out everywhere (a lost laptop, a leaked password): their tokens stop at the next request. */
export async function endUserSessions(actor: AuthUser, id: string, ip: string): Promise<SessionsEnded> {
  const target = await loadManageable(actor, id);
  const ended = await deleteSessions(target._id);
  await auditAction(actor, ip, 'sessionsEnded', auditTarget(target), { note: `${ended} session(s) ended` });
  return { ended };
}

/**
 * Turns off another user's second factor (a lost phone); they enrol again if a role requires it. One's own is
 * turned off from the profile, which asks for the password.
 */
export async function resetUserTwoFactor(actor: AuthUser, id: string, ip: string) {
  if (id === actor._id) throw badRequest('Turn off your own two-factor sign-in from your profile');
  const target = await loadManageable(actor, id);
  const reset = await deleteTwoFactor(target._id);
  await auditAction(actor, ip, 'twoFactorReset', auditTarget(target), reset ? {} : { note: 'None was set up' });
  return { reset };
}

/** GET /user/me: the signed-in user with their two-factor state (recovery codes left) for the profile. */
export async function findMe(actor: AuthUser) {
  return currentUser(actor, await getTwoFactor(actor._id));
}
