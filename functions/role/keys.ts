/** Keys of roles. */
export const ROLE_ENTITY = 'ROLE';

export const roleKey = (id: string) => ({ pk: `ROLE#${id}`, sk: 'ROLE' });
/** One item per lower-cased role name: names are unique (bulk upload refers to roles by name). */
export const roleNameKey = (name: string) => ({ pk: `ROLENAME#${name.trim().toLowerCase()}`, sk: 'ROLENAME' });
/** gsi1: every role, newest first; gsi2: roles in one status (the Enable-only picker). */
export const rolesIndexKeys = (createdAt: string, id: string, status: string) => ({
  gsi1pk: 'ROLE',
  gsi1sk: `${createdAt}#${id}`,
  gsi2pk: rolesInStatus(status),
  gsi2sk: `${createdAt}#${id}`,
});
export const ALL_ROLES = 'ROLE';
export const rolesInStatus = (status: string) => `ROLE#${status}`;
