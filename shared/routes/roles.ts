/** Roles and their permissions. */
import type { ListPage } from '../schemas/common';
import { type Role, roleCreateSchema, roleListQuerySchema, roleUpdateSchema } from '../schemas/role';
import { type ApiRoute, anyOf, need, returns } from './kit';

export const ROLE_ROUTES = [
  {
    method: 'GET',
    path: '/role',
    lambda: 'role',
    access: anyOf({ resource: 'Role', actions: ['Read'] }, { resource: 'User', actions: ['Write', 'Edit'] }),
    summary: 'List roles (status, page, all); the user forms read the enabled ones',
    query: roleListQuerySchema,
    result: returns<ListPage<Role>>(),
  },
  {
    method: 'GET',
    path: '/role/{id}',
    lambda: 'role',
    access: need('Role', 'Read', 'Edit'),
    summary: 'One role',
    result: returns<Role>(),
  },
  {
    method: 'POST',
    path: '/role/create',
    lambda: 'role',
    access: need('Role', 'Write'),
    summary: 'Create a role',
    body: roleCreateSchema,
    result: returns<Role>(),
  },
  {
    method: 'PATCH',
    path: '/role/{id}',
    lambda: 'role',
    access: need('Role', 'Edit'),
    summary: 'Update a role',
    body: roleUpdateSchema,
    result: returns<Role>(),
  },
] as const satisfies readonly ApiRoute[];
