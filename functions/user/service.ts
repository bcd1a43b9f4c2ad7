/**
 * Users: SPEC §2–§7 for /user*, enforced here whatever the client sends. PATCH /user is one route for four
 * forms (profile, edit, block/unblock, password), told apart by patchUserKind().
 */
import { canAccess } from '../../shared/permissions';
import {
  type PasswordChangeInput,
  passwordChangeSchema,
  patchUserKind,
  profileSchema,
  type UserCreateInput,
  type UserEditInput,
  type UserStatusInput,
  userEditSchema,
  userStatusSchema,
} from '../../shared/schemas/user';
import { type AuthUser, signToken, toAuthUser } from '../lib/auth';
import { badRequest, forbidden, notFound, staleVersion } from '../lib/errors';
import { parseWith } from '../lib/http';
import { newId, nowIso } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { getRolesByIds, type RoleRecord } from '../role/repo';
import { assertCanGrant } from '../role/service';
import { getUserById, insertUser, listAllUsers, listUsers, replaceUser, type UserRecord } from './repo';
import { currentUser, publicUser } from './view';

const canEditUsers = (actor: AuthUser) => canAccess(actor, 'User', ['Edit']);

/** Super admins can only be changed by super admins. */
function assertCanManage(actor: AuthUser, target: UserRecord): void {
  if (target.isSuperAdmin && !actor.isSuperAdmin) throw forbidden('Only a super admin can change a super admin');
}

async function loadUser(id: string): Promise<UserRecord> {
  const user = await getUserById(id);
  if (!user) throw notFound('No such user');
  return user;
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

export async function findUsers(actor: AuthUser, query: Record<string, string>, page: number, limit: number) {
  if (query.all === 'true') {
    const list = (await listAllUsers()).map((u) => ({ _id: u._id, name: u.name, email: u.email }));
    return { list, total: list.length };
  }
  if (!canEditUsers(actor)) throw forbidden();
  const { list, total } = await listUsers(page, limit);
  const roles = await getRolesByIds(list.flatMap((u) => u.roles));
  return { list: list.map((u) => publicUser(u, roles)), total };
}

export async function findUser(id: string) {
  return withRoles(await loadUser(id));
}

export async function createUser(actor: AuthUser, input: UserCreateInput) {
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
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await insertUser(user);
  return publicUser(user, roles);
}

/** The stored user with changes applied, a new version and, when asked, every session ended. */
function changed(current: UserRecord, changes: Partial<UserRecord>, endSessions = false): UserRecord {
  return {
    ...current,
    ...changes,
    tokenVersion: current.tokenVersion + (endSessions ? 1 : 0),
    updatedAt: nowIso(),
    version: current.version + 1,
  };
}

/** Refuses a write made on a copy older than the stored record (the client says which version it read). */
function assertFresh(current: UserRecord, version: number): void {
  if (current.version !== version) throw staleVersion();
}

async function editUser(actor: AuthUser, input: UserEditInput) {
  if (!canEditUsers(actor)) throw forbidden();
  const current = await loadUser(input._id);
  assertCanManage(actor, current);
  assertFresh(current, input.version);
  const roles = await checkRoleAssignment(actor, input.roles, current.roles);
  const next = changed(current, { email: input.email, name: input.name, phone: input.phone, roles: input.roles });
  await replaceUser(current, next);
  return publicUser(next, roles);
}

async function setStatus(actor: AuthUser, input: UserStatusInput) {
  if (!canEditUsers(actor)) throw forbidden();
  if (input._id === actor._id) throw badRequest('You cannot block or unblock yourself');
  const current = await loadUser(input._id);
  assertCanManage(actor, current);
  assertFresh(current, input.version);
  // Blocking ends every session at once; the auth middleware also refuses blocked users on each request.
  const next = changed(current, { status: input.status }, input.status === 'Disable');
  await replaceUser(current, next);
  return withRoles(next);
}

async function changePassword(actor: AuthUser, input: PasswordChangeInput) {
  const targetId = input._id ?? actor._id;
  const own = targetId === actor._id;
  if (!own && !canEditUsers(actor)) throw forbidden();
  const current = own ? actor.record : await loadUser(targetId);
  if (!own) assertCanManage(actor, current);
  // Every session of the user ends; the one changing their own password gets a fresh token to stay signed in.
  const next = changed(current, { passwordHash: await hashPassword(input.password) }, true);
  await replaceUser(current, next);
  return own ? { token: await signToken(next) } : { _id: next._id };
}

async function updateProfile(actor: AuthUser, body: unknown) {
  const input = parseWith(profileSchema, body);
  const current = actor.record;
  assertFresh(current, input.version);
  const next = changed(current, {
    name: input.name,
    phone: input.phone,
    addressLine1: input.addressLine1 ?? '',
    addressLine2: input.addressLine2 ?? '',
    city: input.city ?? '',
    pincode: input.pincode ?? '',
  });
  await replaceUser(current, next);
  return currentUser(await toAuthUser(next));
}

export async function patchUser(actor: AuthUser, body: unknown) {
  switch (patchUserKind(body, actor._id)) {
    case 'password':
      return changePassword(actor, parseWith(passwordChangeSchema, body));
    case 'status':
      return setStatus(actor, parseWith(userStatusSchema, body));
    case 'edit':
      return editUser(actor, parseWith(userEditSchema, body));
    case 'profile':
      return updateProfile(actor, body);
  }
}
