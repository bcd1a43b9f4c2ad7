/** GET /dashboard: the figures of the dashboard, each block null when the user may not read its resource. */
import { preload } from 'swr';
import { swrFetcher } from '../api/client';
import { apiKey, useApi } from '../api/use-api';

export type {
  ArticleCounts,
  ArticleFigures,
  Dashboard,
  DashboardArticle,
  ReturnedArticle,
  RunningAd,
} from '../../../shared/schemas/dashboard';

export const DASHBOARD_KEY = apiKey('GET /dashboard');

/** The figures, re-read every minute while the dashboard is open. */
export function useDashboard() {
  return useApi(DASHBOARD_KEY, { refreshInterval: 60_000 });
}

/**
 * Starts reading the figures before the dashboard's code has loaded (right after sign-in, or on a reload of the
 * dashboard beside GET /user/me); useDashboard takes the answer over. A failure shows there, as its own would.
 */
export function preloadDashboard(): void {
  // SWR's preload answers undefined where there is no window.
  void Promise.resolve(preload(DASHBOARD_KEY, swrFetcher)).catch(() => undefined);
}
