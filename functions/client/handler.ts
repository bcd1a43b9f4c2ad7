import { SHARED_PAGE_SIZE } from '../../shared/constants';
import { clientSchema, clientUpdateSchema } from '../../shared/schemas/client';
import { createHandler, paging, parseWith, reply, routeParam, signedInUser } from '../lib/http';
import { createClient, findAllClients, findClient, findClients, updateClient } from './service';

export const handler = createHandler('client', {
  'GET /client': (req) => {
    if (req.query.all === 'true') return findAllClients();
    const { page, limit } = paging(req.query, SHARED_PAGE_SIZE);
    return findClients(page, limit);
  },
  'GET /client/{id}': (req) => findClient(signedInUser(req), routeParam(req, 'id')),
  'POST /client': async (req) => reply(201, await createClient(signedInUser(req), parseWith(clientSchema, req.body))),
  'PATCH /client/{id}': (req) =>
    updateClient(signedInUser(req), routeParam(req, 'id'), parseWith(clientUpdateSchema, req.body)),
});
