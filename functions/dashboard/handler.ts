import { createHandler } from '../auth/gate';
import { signedInUser } from '../lib/http';
import { dashboard } from './service';

export const handler = createHandler('dashboard', {
  'GET /dashboard': (req) => dashboard(signedInUser(req)),
});
