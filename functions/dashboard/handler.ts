import { DASHBOARD_ROUTES } from '../../shared/routes/dashboard';
import { createHandler } from '../auth/gate';
import { signedInUser } from '../lib/http';
import { dashboard } from './service';

export const handler = createHandler('dashboard', DASHBOARD_ROUTES, {
  'GET /dashboard': (req) => dashboard(signedInUser(req)),
});
