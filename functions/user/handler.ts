import { userCreateSchema } from '../../shared/schemas/user';
import { createHandler, paging, parseWith, reply, routeParam, signedInUser } from '../lib/http';
import { createUser, endUserSessions, findMe, findUser, findUsers, patchUser, resetUserTwoFactor } from './service';

export const handler = createHandler('user', {
  'GET /user/me': (req) => findMe(signedInUser(req)),
  'GET /user': (req) => {
    const { page, limit } = paging(req.query);
    return findUsers(signedInUser(req), req.query, page, limit);
  },
  'GET /user/{id}': (req) => findUser(routeParam(req, 'id')),
  'DELETE /user/{id}/sessions': (req) => endUserSessions(signedInUser(req), routeParam(req, 'id'), req.ip),
  'DELETE /user/{id}/two-factor': (req) => resetUserTwoFactor(signedInUser(req), routeParam(req, 'id'), req.ip),
  'POST /user': async (req) =>
    reply(201, await createUser(signedInUser(req), parseWith(userCreateSchema, req.body), req.ip)),
  'PATCH /user': (req) => patchUser(signedInUser(req), req.body, req.ip),
});
