/**
 * Every resource folder's declaration (`web/src/<folder>/index.ts`, default export), collected at build time:
 * the router registers their routes and the sidebar their nav entries. Only the screens load lazily.
 */
import type { NavEntry, WebResource } from './resource';
import type { AppRoute } from './screen';

const declarations = import.meta.glob<WebResource | undefined>('../*/index.ts', { eager: true, import: 'default' });

const resources: readonly WebResource[] = Object.entries(declarations).map(([file, resource]) => {
  if (!resource?.routes) throw new Error(`${file} must export its routes as default (a WebResource)`);
  return resource;
});

export const APP_ROUTES: readonly AppRoute[] = resources.flatMap((resource) => resource.routes);

export const NAV_ENTRIES: readonly NavEntry[] = resources.flatMap((resource) => resource.nav ?? []);

/** The route registered at exactly `path` (a pattern such as `/user/edit/:id`), if any. */
export function routeAt(path: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => route.path === path);
}
