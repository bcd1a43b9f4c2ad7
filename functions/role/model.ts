/**
 * Roles, as stored: one item a role (`ROLE#<id>` / `ROLE`), listed newest first in gsi1 and in its status's
 * partition of gsi2 (`ROLE#<status>`: the Enable-only picker), counted in `COUNT#ROLE` (`ALL` and each status);
 * and one item per role name, under its look-alike key, so names are unique however they are typed (bulk upload
 * refers to roles by name).
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Status } from '../../shared/constants';
import type { Action, Resource } from '../../shared/permissions';
import type { Role } from '../../shared/schemas/role';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { defineEntity } from '../lib/db/entity';
import { batchGet, moveUnique, putUnique } from '../lib/db/records';
import { nowIso } from '../lib/ids';
import { lookalikeKey } from '../lib/lookalike';

/** A role as stored: as returned, but older records may lack the two-factor flag (read as false). */
export interface RoleRecord extends Omit<Role, 'requiresTwoFactor'> {
  requiresTwoFactor?: boolean;
}

const DUPLICATE_NAME = 'A role with this name already exists';

export const roleModel = /* @__PURE__ */ defineEntity<RoleRecord>({
  name: 'ROLE',
  indexes: {
    gsi1: { partition: 'ROLE', sortBy: (r) => r.createdAt },
    gsi2: { partition: (status) => `ROLE#${status}`, by: (r) => r.status, sortBy: (r) => r.createdAt },
  },
  takenMessage: DUPLICATE_NAME,
});

/** The unique item of a role's name, under its look-alike key (lib/lookalike.ts). */
export const roleNameKey = (name: string) => ({ pk: `ROLENAME#${lookalikeKey(name)}`, sk: 'ROLENAME' });
/** The name item's key before look-alike keys: only the migration that moves it reads it (lib/db/unique-keys.ts). */
export const legacyRoleNameKey = (name: string) => ({ pk: `ROLENAME#${name.trim().toLowerCase()}`, sk: 'ROLENAME' });

/** Roles by id; unknown ids are skipped. */
export async function getRolesByIds(ids: readonly string[]): Promise<RoleRecord[]> {
  return (await batchGet([...new Set(ids)].map(roleModel.key))).map(roleModel.recordOf);
}

/** Role ids and statuses by name (case-insensitive), for imports that name roles. */
export async function findRoleIdsByNames(
  names: readonly string[],
): Promise<Map<string, { _id: string; status: Status }>> {
  const lowered = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  const nameItems = await batchGet(lowered.map(roleNameKey));
  const roles = await getRolesByIds(nameItems.map((item) => item.roleId as string));
  const byId = new Map(roles.map((r) => [r._id, r]));
  const found = new Map<string, { _id: string; status: Status }>();
  for (const item of nameItems) {
    const role = byId.get(item.roleId as string);
    if (role) found.set(role.name.trim().toLowerCase(), { _id: role._id, status: role.status });
  }
  return found;
}

/** A page of every role, or of one status's. */
export const listRoles = (status: Status | undefined, page: number, limit: number) =>
  roleModel.page(page, limit, status ? { index: 'gsi2', value: status, bucket: status } : {});

/** Every role, or every one in a status (pickers). */
export const listAllRoles = (status: Status | undefined) =>
  roleModel.all(5000, status ? { index: 'gsi2', value: status } : {});

const nameItem = (r: RoleRecord) => putUnique({ ...roleNameKey(r.name), roleId: r._id });

/** Creates a role with its unique-name item, counting it in ALL and its status, in one transaction. */
export const insertRole = (role: RoleRecord) =>
  roleModel.insert(role, [nameItem(role), roleModel.counted(1, role.status)]);

/**
 * Writes `next` over `current` if the stored version is still current.version: moves the unique-name item
 * and the status counters when those change, all in one transaction.
 */
export function replaceRole(current: RoleRecord, next: RoleRecord): Promise<void> {
  const also = moveUnique(roleNameKey(current.name), roleNameKey(next.name), () => nameItem(next));
  if (current.status !== next.status) {
    also.push(roleModel.counted(-1, current.status), roleModel.counted(1, next.status));
  }
  return roleModel.replace(next, current.version, also, DUPLICATE_NAME);
}

/**
 * Gives a built-in role a resource it has no entry for yet (a resource added since it was seeded): one
 * conditional update that touches only that entry, so it never undoes anything else and running it again is a
 * no-op. True when the entry was added.
 */
export async function addBuiltInGrant(
  roleId: string,
  resource: Resource,
  actions: readonly Action[],
): Promise<boolean> {
  return conditionalWrite(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: roleModel.key(roleId),
        UpdateExpression: 'SET modelPermissions.#resource = :actions, updatedAt = :now, version = version + :one',
        ConditionExpression: 'isEditable = :false AND attribute_not_exists(modelPermissions.#resource)',
        ExpressionAttributeNames: { '#resource': resource },
        ExpressionAttributeValues: { ':actions': [...actions], ':now': nowIso(), ':false': false, ':one': 1 },
      }),
    ),
  );
}
