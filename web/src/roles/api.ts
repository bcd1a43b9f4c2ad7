/** Roles: the reads (SWR, keyed by API path) and the writes of CONTRACT.md §7. */
import { PAGE_SIZE } from '../../../shared/constants';
import type { Role, RoleCreateInput } from '../../../shared/schemas/role';
import { api } from '../api/client';
import { apiKey, listReads, useApi } from '../api/use-api';

export type { Role } from '../../../shared/schemas/role';

export const rolesKey = (page: number) => apiKey('GET /role', { query: { page, limit: PAGE_SIZE } });
/** Roles that may be assigned to users (CONTRACT.md §3: only status Enable). */
export const ENABLED_ROLES_KEY = apiKey('GET /role', { query: { status: 'Enable', all: 'true' } });
export const roleKey = (id: string) => apiKey('GET /role/{id}', { params: { id } });

/** revalidateRoles re-reads the pickers' roles too: ENABLED_ROLES_KEY is a `/role?…` key as well. */
export const [useRoles, useRole, revalidateRoles] = listReads('/role', rolesKey, roleKey);

export function useEnabledRoles() {
  return useApi(ENABLED_ROLES_KEY);
}

export function createRole(body: RoleCreateInput) {
  return api('POST /role/create', { body });
}

export type RoleChanges = Pick<RoleCreateInput, 'name' | 'description' | 'modelPermissions' | 'requiresTwoFactor'>;

export function updateRole(id: string, version: number, changes: RoleChanges) {
  return api('PATCH /role/{id}', { params: { id }, body: { version, ...changes } });
}

export function setRoleStatus(role: Pick<Role, '_id' | 'version'>, status: 'Enable' | 'Disable') {
  return api('PATCH /role/{id}', { params: { id: role._id }, body: { version: role.version, status } });
}
