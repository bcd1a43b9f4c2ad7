/** Advertising clients. */

import { type Client, clientListQuerySchema, clientSchema, clientUpdateSchema } from '../schemas/client';
import type { ListPage } from '../schemas/common';
import { type ApiRoute, anyOf, need, returns } from './kit';

export const CLIENT_ROUTES = [
  {
    method: 'GET',
    path: '/client',
    lambda: 'client',
    // The ad form picks its client from this list.
    access: anyOf({ resource: 'Client', actions: ['Read'] }, { resource: 'Advertisement', actions: ['Write', 'Edit'] }),
    summary: 'List clients (page; all=true for pickers)',
    query: clientListQuerySchema,
    result: returns<ListPage<Client>>(),
  },
  {
    method: 'GET',
    path: '/client/{id}',
    lambda: 'client',
    access: need('Client', 'Read', 'Edit', 'EditOwn'),
    summary: 'One client',
    result: returns<Client>(),
  },
  {
    method: 'POST',
    path: '/client',
    lambda: 'client',
    access: need('Client', 'Write'),
    summary: 'Create a client',
    body: clientSchema,
    result: returns<Client>(),
  },
  {
    method: 'PATCH',
    path: '/client/{id}',
    lambda: 'client',
    access: need('Client', 'Edit', 'EditOwn'),
    summary: 'Update a client',
    body: clientUpdateSchema,
    result: returns<Client>(),
  },
] as const satisfies readonly ApiRoute[];
