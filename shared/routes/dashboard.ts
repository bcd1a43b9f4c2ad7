/** The dashboard: any signed-in user; each block is filled only for those who may read that resource. */
import type { Dashboard } from '../schemas/dashboard';
import { type ApiRoute, returns, SIGNED_IN } from './kit';

export const DASHBOARD_ROUTES = [
  {
    method: 'GET',
    path: '/dashboard',
    lambda: 'dashboard',
    access: SIGNED_IN,
    summary: 'The dashboard at a glance',
    result: returns<Dashboard>(),
  },
] as const satisfies readonly ApiRoute[];
