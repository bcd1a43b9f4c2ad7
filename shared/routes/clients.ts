/** Advertising clients. */

import { type Client, clientListQuerySchema, clientSchema, clientUpdateSchema } from '../schemas/client';
import type { ListPage } from '../schemas/common';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, anyOf, recordRoutes, returns } from './kit';
import { trashRoutes } from './trash';

const client = recordRoutes('client', 'Client', ['Edit', 'EditOwn']);

export const CLIENT_ROUTES = [
  // The ad form picks its client from this list.
  client.get(
    '/client',
    anyOf({ resource: 'Client', actions: ['Read'] }, { resource: 'Advertisement', actions: ['Write', 'Edit'] }),
    'List clients (page; all=true for pickers)',
    { query: clientListQuerySchema, result: returns<ListPage<Client>>() },
  ),
  client.one('/client/{id}', 'One client', returns<Client>()),
  client.create('/client', 'Create a client', clientSchema, returns<Client>()),
  client.update('/client/{id}', 'Update a client', clientUpdateSchema, returns<Client>()),
  ...trashRoutes(TRASHABLE_RESOURCES.client),
] as const satisfies readonly ApiRoute[];
