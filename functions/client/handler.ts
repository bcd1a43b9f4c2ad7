import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createClient, findAllClients, findClient, findClients, updateClient } from './service';

export const handler = createHandler('client', {
  'GET /client': (req) => (req.query.all ? findAllClients() : findClients(req.query.page, req.query.limit)),
  'GET /client/{id}': (req) => findClient(signedInUser(req), routeParam(req, 'id')),
  'POST /client': async (req) => reply(201, await createClient(signedInUser(req), req.body)),
  'PATCH /client/{id}': (req) => updateClient(signedInUser(req), routeParam(req, 'id'), req.body),
});
