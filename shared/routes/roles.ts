/** Roles and their permissions. */
import type { ListPage } from '../schemas/common';
import { type Role, roleCreateSchema, roleListQuerySchema, roleUpdateSchema } from '../schemas/role';
import { type ApiRoute, anyOf, recordRoutes, returns } from './kit';

const role = recordRoutes('role', 'Role');

export const ROLE_ROUTES = [
  role.get(
    '/role',
    anyOf({ resource: 'Role', actions: ['Read'] }, { resource: 'User', actions: ['Write', 'Edit'] }),
    'List roles (status, page, all); the user forms read the enabled ones',
    { query: roleListQuerySchema, result: returns<ListPage<Role>>() },
  ),
  role.one('/role/{id}', 'One role', returns<Role>()),
  role.create('/role/create', 'Create a role', roleCreateSchema, returns<Role>()),
  role.update('/role/{id}', 'Update a role', roleUpdateSchema, returns<Role>()),
] as const satisfies readonly ApiRoute[];
