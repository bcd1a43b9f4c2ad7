import { userCreateSchema } from '../../shared/schemas/user';
import { createHandler, paging, parseWith, reply, routeParam, signedInUser } from '../lib/http';
import { createUser, findUser, findUsers, patchUser } from './service';
import { currentUser } from './view';

export const handler = createHandler('user', {
  'GET /user/me': async (req) => currentUser(signedInUser(req)),
  'GET /user': (req) => {
    const { page, limit } = paging(req.query);
    return findUsers(signedInUser(req), req.query, page, limit);
  },
  'GET /user/{id}': (req) => findUser(routeParam(req, 'id')),
  'POST /user': async (req) => reply(201, await createUser(signedInUser(req), parseWith(userCreateSchema, req.body))),
  'PATCH /user': (req) => patchUser(signedInUser(req), req.body),
});
