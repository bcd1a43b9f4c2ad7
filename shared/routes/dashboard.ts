/** The dashboard: any signed-in user; each block is filled only for those who may read that resource. */
import type { Dashboard } from '../schemas/dashboard';
import { type ApiRoute, lambdaRoutes, returns, SIGNED_IN } from './kit';

const dashboard = lambdaRoutes('dashboard');

export const DASHBOARD_ROUTES = [
  dashboard.get('/dashboard', SIGNED_IN, 'The dashboard at a glance', { result: returns<Dashboard>() }),
] as const satisfies readonly ApiRoute[];
