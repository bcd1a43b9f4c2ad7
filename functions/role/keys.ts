/** Keys of roles. */
import { lookalikeKey } from '../lib/lookalike';

export const ROLE_ENTITY = 'ROLE';

export const roleKey = (id: string) => ({ pk: `ROLE#${id}`, sk: 'ROLE' });
/**
 * One item per role name, under its look-alike key (lib/lookalike.ts): names are unique however they are typed (bulk
 * upload refers to roles by name).
 */
export const roleNameKey = (name: string) => ({ pk: `ROLENAME#${lookalikeKey(name)}`, sk: 'ROLENAME' });
/** The name item's key before look-alike keys: only the migration that moves it reads it (lib/db/unique-keys.ts). */
export const legacyRoleNameKey = (name: string) => ({ pk: `ROLENAME#${name.trim().toLowerCase()}`, sk: 'ROLENAME' });
/** gsi1: every role, newest first; gsi2: roles in one status (the Enable-only picker). */
export const rolesIndexKeys = (createdAt: string, id: string, status: string) => ({
  gsi1pk: 'ROLE',
  gsi1sk: `${createdAt}#${id}`,
  gsi2pk: rolesInStatus(status),
  gsi2sk: `${createdAt}#${id}`,
});
export const ALL_ROLES = 'ROLE';
export const rolesInStatus = (status: string) => `ROLE#${status}`;
