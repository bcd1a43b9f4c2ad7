/** Roles and their permissions. */
import type { ListPage } from '../schemas/common';
import { type Role, roleCreateSchema, roleListQuerySchema, roleUpdateSchema } from '../schemas/role';
import { type ApiRoute, anyOf, lambdaRoutes, need, returns } from './kit';

const role = lambdaRoutes('role');

export const ROLE_ROUTES = [
  role.get(
    '/role',
    anyOf({ resource: 'Role', actions: ['Read'] }, { resource: 'User', actions: ['Write', 'Edit'] }),
    'List roles (status, page, all); the user forms read the enabled ones',
    { query: roleListQuerySchema, result: returns<ListPage<Role>>() },
  ),
  role.get('/role/{id}', need('Role', 'Read', 'Edit'), 'One role', { result: returns<Role>() }),
  role.post('/role/create', need('Role', 'Write'), 'Create a role', {
    body: roleCreateSchema,
    result: returns<Role>(),
  }),
  role.patch('/role/{id}', need('Role', 'Edit'), 'Update a role', { body: roleUpdateSchema, result: returns<Role>() }),
] as const satisfies readonly ApiRoute[];
