import { CLIENT_ROUTES } from '../../shared/routes/clients';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { deleteFromTrash, listTrash, moveToTrash, restoreFromTrash } from '../trash/service';
import { CLIENT_TRASH } from './model';
import { createClient, findAllClients, findClient, findClients, updateClient } from './service';

export const handler = createHandler('client', CLIENT_ROUTES, {
  'GET /client': (req) => (req.query.all ? findAllClients() : findClients(req.query.page, req.query.limit)),
  'GET /client/{id}': (req) => findClient(signedInUser(req), routeParam(req, 'id')),
  'POST /client': async (req) => reply(201, await createClient(signedInUser(req), req.body)),
  'PATCH /client/{id}': (req) => updateClient(signedInUser(req), routeParam(req, 'id'), req.body),
  // The trash (functions/trash/): Remove on the resource.
  'DELETE /client/{id}': (req) => moveToTrash(CLIENT_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'GET /client/trash': (req) => listTrash(CLIENT_TRASH, req.query.page, req.query.limit),
  'POST /client/trash/{id}/restore': (req) =>
    restoreFromTrash(CLIENT_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'DELETE /client/trash/{id}': (req) => deleteFromTrash(CLIENT_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
});
