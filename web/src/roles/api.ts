/** Roles: the reads (SWR, keyed by API path) and the writes of SPEC §7. */
import useSWR, { mutate } from 'swr';
import { PAGE_SIZE } from '../../../shared/constants';
import type { RoleCreateInput } from '../../../shared/schemas/role';
import { api } from '../api/client';
import type { ListPage } from '../api/list';

export interface Role {
  _id: string;
  name: string;
  description: string;
  status: 'Enable' | 'Disable' | 'Init';
  isEditable: boolean;
  modelPermissions: Partial<Record<string, string[]>>;
  /** Holders must use two-factor sign-in; without it they can only set it up or sign out. */
  requiresTwoFactor?: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const rolesKey = (page: number) => `/role?page=${page}&limit=${PAGE_SIZE}`;
/** Roles that may be assigned to users (SPEC §3: only status Enable). */
export const ENABLED_ROLES_KEY = '/role?status=Enable&all=true';
export const roleKey = (id: string) => `/role/${encodeURIComponent(id)}`;

export function useRoles(page: number) {
  return useSWR<ListPage<Role>>(rolesKey(page), { keepPreviousData: true });
}

export function useEnabledRoles() {
  return useSWR<ListPage<Role>>(ENABLED_ROLES_KEY);
}

export function useRole(id: string | undefined) {
  // A form must not be refilled behind the user's back; it re-reads only on Reload.
  return useSWR<Role>(id ? roleKey(id) : null, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** After a write: every cached role list and picker re-reads, and the one role if given. */
export function revalidateRoles(id?: string): Promise<unknown> {
  return mutate(
    (key) => typeof key === 'string' && (key.startsWith('/role?') || (id !== undefined && key === roleKey(id))),
  );
}

export function createRole(body: RoleCreateInput): Promise<Role> {
  return api<Role>('/role/create', { method: 'POST', body });
}

export type RoleChanges = Pick<RoleCreateInput, 'name' | 'description' | 'modelPermissions' | 'requiresTwoFactor'>;

export function updateRole(id: string, version: number, changes: RoleChanges): Promise<Role> {
  return api<Role>(roleKey(id), { method: 'PATCH', body: { version, ...changes } });
}

export function setRoleStatus(role: Pick<Role, '_id' | 'version'>, status: 'Enable' | 'Disable'): Promise<Role> {
  return api<Role>(roleKey(role._id), { method: 'PATCH', body: { version: role.version, status } });
}
