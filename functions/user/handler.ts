import { USER_ROUTES } from '../../shared/routes/users';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createUser, endUserSessions, findMe, findUser, findUsers, patchUser, resetUserTwoFactor } from './service';

export const handler = createHandler('user', USER_ROUTES, {
  'GET /user/me': (req) => findMe(signedInUser(req)),
  'GET /user': (req) => findUsers(signedInUser(req), req.query),
  'GET /user/{id}': (req) => findUser(routeParam(req, 'id')),
  'DELETE /user/{id}/sessions': (req) => endUserSessions(signedInUser(req), routeParam(req, 'id'), req.ip),
  'DELETE /user/{id}/two-factor': (req) => resetUserTwoFactor(signedInUser(req), routeParam(req, 'id'), req.ip),
  'POST /user': async (req) => reply(201, await createUser(signedInUser(req), req.body, req.ip)),
  'PATCH /user': (req) => patchUser(signedInUser(req), req.body, req.ip),
});
