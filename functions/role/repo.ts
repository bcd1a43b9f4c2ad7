/** DynamoDB access for roles. The only code that knows role keys. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Status } from '../../shared/constants';
import type { Action, Resource } from '../../shared/permissions';
import type { Role } from '../../shared/schemas/role';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { counterUpdate } from '../lib/db/counters';
import { countedPage, queryAll } from '../lib/db/paging';
import {
  batchGet,
  getRecord,
  insertRecord,
  moveUnique,
  putUnique,
  replaceRecord,
  withoutKeys,
} from '../lib/db/records';
import { nowIso } from '../lib/ids';
import { ALL_ROLES, ROLE_ENTITY, roleKey, roleNameKey, rolesIndexKeys, rolesInStatus } from './keys';

/** A role as stored: as returned, but older records may lack the two-factor flag (read as false). */
export interface RoleRecord extends Omit<Role, 'requiresTwoFactor'> {
  requiresTwoFactor?: boolean;
}

const DUPLICATE_NAME = 'A role with this name already exists';

const strip = (stored: Record<string, unknown>) => withoutKeys<RoleRecord>(stored);

export const getRoleById = (id: string) => getRecord<RoleRecord>(roleKey(id));

/** Roles by id; unknown ids are skipped. */
export async function getRolesByIds(ids: readonly string[]): Promise<RoleRecord[]> {
  return (await batchGet([...new Set(ids)].map(roleKey))).map(strip);
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

export function listRoles(status: Status | undefined, page: number, limit: number) {
  const partition = status ? rolesInStatus(status) : ALL_ROLES;
  const query = { index: status ? 'gsi2' : 'gsi1', partition, counter: ROLE_ENTITY, bucket: status } as const;
  return countedPage<RoleRecord>(query, page, limit);
}

export async function listAllRoles(status: Status | undefined): Promise<RoleRecord[]> {
  const partition = status ? rolesInStatus(status) : ALL_ROLES;
  return (await queryAll<Record<string, unknown>>({ index: status ? 'gsi2' : 'gsi1', partition })).map(strip);
}

const item = (r: RoleRecord) => ({ ...roleKey(r._id), ...rolesIndexKeys(r.createdAt, r._id, r.status), ...r });
const nameItem = (r: RoleRecord) => putUnique({ ...roleNameKey(r.name), roleId: r._id });

/** Creates a role with its unique-name item, counting it in ALL and its status, in one transaction. */
export const insertRole = (role: RoleRecord) =>
  insertRecord(
    item(role),
    [nameItem(role), counterUpdate(ROLE_ENTITY, 'ALL', 1), counterUpdate(ROLE_ENTITY, role.status, 1)],
    DUPLICATE_NAME,
  );

/**
 * Writes `next` over `current` if the stored version is still current.version: moves the unique-name item
 * and the status counters when those change, all in one transaction.
 */
export function replaceRole(current: RoleRecord, next: RoleRecord): Promise<void> {
  const also = moveUnique(roleNameKey(current.name), roleNameKey(next.name), () => nameItem(next));
  if (current.status !== next.status) {
    also.push(counterUpdate(ROLE_ENTITY, current.status, -1), counterUpdate(ROLE_ENTITY, next.status, 1));
  }
  return replaceRecord(item(next), current.version, also, DUPLICATE_NAME);
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
        Key: roleKey(roleId),
        UpdateExpression: 'SET modelPermissions.#resource = :actions, updatedAt = :now, version = version + :one',
        ConditionExpression: 'isEditable = :false AND attribute_not_exists(modelPermissions.#resource)',
        ExpressionAttributeNames: { '#resource': resource },
        ExpressionAttributeValues: { ':actions': [...actions], ':now': nowIso(), ':false': false, ':one': 1 },
      }),
    ),
  );
}
