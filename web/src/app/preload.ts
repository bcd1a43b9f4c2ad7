/**
 * What a signed-in screen needs, fetched before React asks for it, so the shell's code, the screen's code and
 * their first reads load side by side instead of one after the other:
 * - on sign-in, the code as the visitor types (and while the password is checked), the reads once the token is in;
 * - on a reload with a stored token (main.tsx), both at once, beside GET /user/me.
 */
import { matchPath } from 'react-router-dom';
import { preload } from 'swr';
import { ARTICLE_RESOURCE, canAccess } from '../../../shared/permissions';
import { swrFetcher } from '../api/client';
import { apiKey } from '../api/use-api';
import type { CurrentUser } from '../session/types';
import { preloadable } from './preloadable';
import { APP_ROUTES } from './routes';

// The admin shell and its pages load only after sign-in, so /login stays light.
export const AdminLayout = preloadable(() => import('./AdminLayout').then((m) => m.AdminLayout));
export const RouteScreen = preloadable(() => import('./RouteScreen').then((m) => m.RouteScreen));

/** The header bell's count (NotificationBell, articles/api.ts NOTIFICATION_KEY); any signed-in user may read it. */
export const REVIEW_COUNT_KEY = apiKey('GET /cms/notification');

/** The route that opens at `path` (`/article?status=…` included), if any. */
function routeAt(path: string) {
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  return APP_ROUTES.find((route) => matchPath(route.path, pathname) !== null);
}

const quietly = (loading: Promise<unknown> | undefined) => void loading?.catch(() => undefined);

/** The shell's code and the code of the screen at `path`; a failure is left to the render, which retries. */
export function preloadShellCode(path: string): void {
  quietly(AdminLayout.preload());
  quietly(RouteScreen.preload());
  quietly(routeAt(path)?.screen.preload?.());
}

/**
 * The reads the shell and the screen at `path` show first, all at once: the bell's count (for those who may read
 * articles, when the user is known) and the screen's own (`AppRoute.preload`: the dashboard's figures).
 */
export function preloadShellData(path: string, user?: CurrentUser): void {
  if (!user || canAccess(user, ARTICLE_RESOURCE, ['Read'])) quietly(preload(REVIEW_COUNT_KEY, swrFetcher));
  routeAt(path)?.preload?.();
}
