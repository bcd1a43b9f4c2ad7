/** Advertising clients. */

import { type Client, clientListQuerySchema, clientSchema, clientUpdateSchema } from '../schemas/client';
import type { ListPage } from '../schemas/common';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, anyOf, lambdaRoutes, need, returns } from './kit';
import { trashRoutes } from './trash';

const client = lambdaRoutes('client');

export const CLIENT_ROUTES = [
  // The ad form picks its client from this list.
  client.get(
    '/client',
    anyOf({ resource: 'Client', actions: ['Read'] }, { resource: 'Advertisement', actions: ['Write', 'Edit'] }),
    'List clients (page; all=true for pickers)',
    { query: clientListQuerySchema, result: returns<ListPage<Client>>() },
  ),
  client.get('/client/{id}', need('Client', 'Read', 'Edit', 'EditOwn'), 'One client', { result: returns<Client>() }),
  client.post('/client', need('Client', 'Write'), 'Create a client', { body: clientSchema, result: returns<Client>() }),
  client.patch('/client/{id}', need('Client', 'Edit', 'EditOwn'), 'Update a client', {
    body: clientUpdateSchema,
    result: returns<Client>(),
  }),
  ...trashRoutes(TRASHABLE_RESOURCES.client),
] as const satisfies readonly ApiRoute[];
