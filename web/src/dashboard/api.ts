/** GET /dashboard: the figures of the dashboard, each block null when the user may not read its resource. */
import { apiKey, useApi } from '../api/use-api';

export type {
  ArticleCounts,
  ArticleFigures,
  Dashboard,
  DashboardArticle,
  RunningAd,
} from '../../../shared/schemas/dashboard';

export const DASHBOARD_KEY = apiKey('GET /dashboard');

/** The figures, re-read every minute while the dashboard is open. */
export function useDashboard() {
  return useApi(DASHBOARD_KEY, { refreshInterval: 60_000 });
}
