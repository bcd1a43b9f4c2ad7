/** Keys of roles. */
export const roleKey = (id: string) => ({ pk: `ROLE#${id}`, sk: 'ROLE' });
/** gsi1: every role, newest first; gsi2: roles in one status (the Enable-only picker). */
export const rolesIndexKeys = (createdAt: string, id: string, status: string) => ({
  gsi1pk: 'ROLE',
  gsi1sk: `${createdAt}#${id}`,
  gsi2pk: `ROLE#${status}`,
  gsi2sk: `${createdAt}#${id}`,
});
