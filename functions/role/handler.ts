import { ROLE_ROUTES } from '../../shared/routes/roles';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createRole, findRole, findRoles, updateRole } from './service';

export const handler = createHandler('role', ROLE_ROUTES, {
  'GET /role': (req) => findRoles(req.query),
  'GET /role/{id}': (req) => findRole(routeParam(req, 'id')),
  'POST /role/create': async (req) => reply(201, await createRole(signedInUser(req), req.body, req.ip)),
  'PATCH /role/{id}': (req) => updateRole(signedInUser(req), routeParam(req, 'id'), req.body, req.ip),
});
