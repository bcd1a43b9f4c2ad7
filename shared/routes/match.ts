/**
 * Route ids, matched paths and method/path matching over any list of route rows: the whole table (shared/api.ts,
 * for the gateway, the stack and the docs Lambda behind `$default`) or one resource's rows (the other Lambdas'
 * routers, which so carry only their own rows and schemas). Imports no route file.
 */
import type { ApiRoute, HttpMethod } from './kit';

type Keyed = Pick<ApiRoute, 'method' | 'path'>;

/** `GET /user/me`: the key handlers use to name a route. */
export function routeKey<R extends Keyed>(route: R): `${R['method']} ${R['path']}` {
  return `${route.method} ${route.path}` as `${R['method']} ${R['path']}`;
}

/** The path as matched (no trailing slash): API Gateway route keys and the routers use this form. */
export function routePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The row of `table` a method and path resolve to, with its path parameters; static paths win over `{param}`. */
export function matchIn<R extends Keyed>(
  table: readonly R[],
  method: string,
  path: string,
): { route: R; params: Record<string, string> } | undefined {
  const wanted = routePath(path);
  const candidates = table.filter((r) => r.method === method);
  const exact = candidates.find((r) => routePath(r.path) === wanted);
  if (exact) return { route: exact, params: {} };
  const given = wanted.split('/');
  for (const route of candidates) {
    const parts = routePath(route.path).split('/');
    if (parts.length !== given.length) continue;
    const params: Record<string, string> = {};
    const ok = parts.every((part, i) => {
      const value = given[i] ?? '';
      if (part.startsWith('{') && part.endsWith('}')) {
        if (value === '') return false;
        try {
          params[part.slice(1, -1)] = decodeURIComponent(value);
        } catch {
          return false;
        }
        return true;
      }
      return part === value;
    });
    if (ok) return { route, params };
  }
  return undefined;
}

/** The methods `table` allows on a path, for telling 405 from 404. */
export function methodsIn(table: readonly Keyed[], path: string): HttpMethod[] {
  return (['GET', 'POST', 'PATCH', 'DELETE'] as const).filter((m) => matchIn(table, m, path) !== undefined);
}
