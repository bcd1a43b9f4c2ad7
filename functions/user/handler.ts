import { createHandler, signedInUser } from '../lib/http';
import { currentUser } from './view';

export const handler = createHandler('user', {
  'GET /user/me': async (req) => currentUser(signedInUser(req)),
});
