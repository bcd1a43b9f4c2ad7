/** Roles: the rules of CONTRACT.md §3, §5, §6, and no privilege escalation through roles. */
import { mergePermissions } from '../../shared/permissions';
import type { Role, RoleCreateInput, RoleListQuery, RoleUpdateInput } from '../../shared/schemas/role';
import { type Actor, auditAction, createdFields, diffFields } from '../audit/record';
import { firstVersion } from '../lib/db/records';
import { forbidden, notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { type Authority, assertCanGrant, assertMayLowerTwoFactor } from './authority';
import { insertRole, listAllRoles, listRoles, type RoleRecord, replaceRole, roleModel } from './model';

/**
 * Who edits roles: named in the audit trail, checked against what they hold and the roles they hold it
 * through. The signed-in AuthUser is one; roles make up its permissions, so this module sits below it and
 * names only what it reads.
 */
type RoleEditor = Actor & Authority;

/** What a client sees of a role (no key attributes). */
export const publicRole = (role: RoleRecord): Role => ({
  _id: role._id,
  name: role.name,
  description: role.description,
  status: role.status,
  isEditable: role.isEditable,
  modelPermissions: role.modelPermissions ?? {},
  requiresTwoFactor: role.requiresTwoFactor === true,
  createdAt: role.createdAt,
  updatedAt: role.updatedAt,
  version: role.version,
});

/** What an audit entry of a role change shows. */
const AUDITED_FIELDS = ['name', 'description', 'status', 'modelPermissions', 'requiresTwoFactor'] as const;

const auditTarget = (role: RoleRecord) => ({ type: 'role' as const, id: role._id, name: role.name });

export async function findRoles({ status, all, page, limit }: RoleListQuery) {
  if (all) {
    const list = (await listAllRoles(status)).map(publicRole);
    return { list, total: list.length };
  }
  const { list, total } = await listRoles(status, page, limit);
  return { list: list.map(publicRole), total };
}

export async function findRole(id: string) {
  const role = await roleModel.get(id);
  if (!role) throw notFound('No such role');
  return publicRole(role);
}

export async function createRole(actor: RoleEditor, input: RoleCreateInput, ip: string) {
  const modelPermissions = mergePermissions([input.modelPermissions]);
  assertCanGrant(actor, modelPermissions);
  const now = nowIso();
  const role: RoleRecord = {
    _id: newId(),
    name: input.name,
    description: input.description,
    status: 'Enable',
    isEditable: true,
    modelPermissions,
    requiresTwoFactor: input.requiresTwoFactor,
    ...firstVersion(now),
  };
  await insertRole(role);
  await auditAction(actor, ip, 'roleCreated', auditTarget(role), { changes: createdFields(role, AUDITED_FIELDS) });
  return publicRole(role);
}

export async function updateRole(actor: RoleEditor, id: string, input: RoleUpdateInput, ip: string) {
  const current = await roleModel.get(id);
  if (!current) throw notFound('No such role');
  if (!current.isEditable) throw forbidden('This role is built in and cannot be changed');
  const modelPermissions =
    input.modelPermissions === undefined ? current.modelPermissions : mergePermissions([input.modelPermissions]);
  // Changing a role changes what its holders can do: the actor must hold all of it, before and after.
  assertCanGrant(actor, current.modelPermissions ?? {});
  assertCanGrant(actor, modelPermissions);
  const next: RoleRecord = {
    ...current,
    name: input.name ?? current.name,
    description: input.description ?? current.description,
    status: input.status ?? current.status,
    modelPermissions,
    requiresTwoFactor: input.requiresTwoFactor ?? current.requiresTwoFactor === true,
    updatedAt: nowIso(),
    version: current.version + 1,
  };
  assertMayLowerTwoFactor(actor, current, next);
  // The client's version wins the race check: an edit made on a stale copy is refused.
  await replaceRole({ ...current, version: input.version }, next);
  await auditAction(actor, ip, 'roleUpdated', auditTarget(next), {
    changes: diffFields({ ...current, requiresTwoFactor: current.requiresTwoFactor === true }, next, AUDITED_FIELDS),
  });
  return publicRole(next);
}
