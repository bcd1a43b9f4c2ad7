import { roleCreateSchema, roleUpdateSchema } from '../../shared/schemas/role';
import { createHandler, paging, parseWith, reply, routeParam, signedInUser } from '../lib/http';
import { createRole, findRole, findRoles, updateRole } from './service';

export const handler = createHandler('role', {
  'GET /role': (req) => {
    const { page, limit } = paging(req.query);
    return findRoles(req.query, page, limit);
  },
  'GET /role/{id}': (req) => findRole(routeParam(req, 'id')),
  'POST /role/create': async (req) =>
    reply(201, await createRole(signedInUser(req), parseWith(roleCreateSchema, req.body), req.ip)),
  'PATCH /role/{id}': (req) =>
    updateRole(signedInUser(req), routeParam(req, 'id'), parseWith(roleUpdateSchema, req.body), req.ip),
});
