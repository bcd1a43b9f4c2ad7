/**
 * The API route table: every call of CONTRACT.md §7, once, gathered from one file per resource under shared/routes/.
 * The CDK stack, the local gateway, the OpenAPI document and the typed web client are built from it. A Lambda's
 * router takes its own resource's file instead (only its rows and schemas in its bundle), except the docs
 * Lambda (DEFAULT_ROUTE_LAMBDA), which answers `$default` and so needs every path for 404 or 405. Adding a resource: its routes file,
 * and one line here.
 */
import { ADVERTISEMENT_ROUTES } from './routes/advertisements';
import { ARTICLE_ROUTES } from './routes/articles';
import { ASSET_ROUTES } from './routes/assets';
import { AUDIT_ROUTES } from './routes/audit';
import { AUTH_ROUTES } from './routes/auth';
import { BREAKING_NEWS_ROUTES } from './routes/breaking-news';
import { CATEGORY_ROUTES } from './routes/categories';
import { CLIENT_ROUTES } from './routes/clients';
import { CONTENT_ROUTES } from './routes/content';
import { DASHBOARD_ROUTES } from './routes/dashboard';
import { DOCS_ROUTES } from './routes/docs';
import { EPAPER_ROUTES } from './routes/epaper';
import type { ApiRoute, BodyInput, BodyOutput, Returns } from './routes/kit';
import { LAYOUT_ROUTES } from './routes/layout';
import { matchIn, routeKey, routePath } from './routes/match';
import { MEDIA_ROUTES } from './routes/media';
import { MENU_ROUTES } from './routes/menus';
import { ROLE_ROUTES } from './routes/roles';
import { SITE_ROUTES } from './routes/site';
import { USER_ROUTES } from './routes/users';
import type * as z from './schemas/z';

export type { ApiRoute, Grant, HttpMethod, RouteAccess } from './routes/kit';

export const ROUTES = [
  ...AUTH_ROUTES,
  ...USER_ROUTES,
  ...ROLE_ROUTES,
  ...CATEGORY_ROUTES,
  ...MENU_ROUTES,
  ...ARTICLE_ROUTES,
  ...EPAPER_ROUTES,
  ...ADVERTISEMENT_ROUTES,
  ...CLIENT_ROUTES,
  ...BREAKING_NEWS_ROUTES,
  ...LAYOUT_ROUTES,
  ...DASHBOARD_ROUTES,
  ...SITE_ROUTES,
  ...ASSET_ROUTES,
  ...AUDIT_ROUTES,
  ...CONTENT_ROUTES,
  ...MEDIA_ROUTES,
  ...DOCS_ROUTES,
] as const satisfies readonly ApiRoute[];

type AnyRoute = (typeof ROUTES)[number];

/** Each Lambda serves the routes of one resource; its code lives in functions/<lambda>/handler.ts. */
export type LambdaName = AnyRoute['lambda'];
export const LAMBDAS: readonly LambdaName[] = [...new Set(ROUTES.map((r) => r.lambda))];

/**
 * The Lambda behind API Gateway's `$default` route, which gets every method and path of no route to answer 404 or
 * 405: docs, whose router holds the whole table anyway and which has no table access and no sign-in.
 */
export const DEFAULT_ROUTE_LAMBDA: LambdaName = 'docs';

/**
 * The routes readers reach through the CDN rather than the newsroom: the delivery API (its misses, the ads'
 * decisions, beacons and clicks) and the renditions. The stage throttles them apart (infra/aws/api.ts).
 */
export const READER_ROUTES: readonly ApiRoute[] = [...CONTENT_ROUTES, ...MEDIA_ROUTES];

/** A route of the table, its Lambda one of LAMBDAS. */
export type Route = ApiRoute & { lambda: LambdaName };
const TABLE: readonly Route[] = ROUTES;

export type RouteId = `${AnyRoute['method']} ${AnyRoute['path']}`;

type IdOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;

/** The ids of the routes one Lambda serves. */
export type RouteIdOf<L extends LambdaName> = IdOf<Extract<AnyRoute, { lambda: L }>>;

/** The route a route id names, with its literal types (schemas, result). */
export type RouteOf<Id extends RouteId> = Id extends `${infer M} ${infer P}`
  ? Extract<AnyRoute, { method: M; path: P }>
  : never;

/** The body a client sends to a route (the schema's input; FormData for a file), or undefined for none. */
export type RouteBodyInput<Id extends RouteId> = RouteOf<Id> extends { body: infer B } ? BodyInput<B> : undefined;

/** The body a route's code receives, parsed by its schema (`{ form, input }` for a route of several forms). */
export type RouteBody<Id extends RouteId> = RouteOf<Id> extends { body: infer B } ? BodyOutput<B> : undefined;

/** The query a route's code receives, parsed by its schema. */
export type RouteQuery<Id extends RouteId> =
  RouteOf<Id> extends { query: infer S extends z.ZodMiniType } ? z.output<S> : Record<string, string>;

/** The query a client sends to a route (the schema's input), or undefined for a route without one. */
export type RouteQueryInput<Id extends RouteId> =
  RouteOf<Id> extends { query: infer S extends z.ZodMiniType } ? z.input<S> : undefined;

/** What a route answers in `data`. */
export type RouteResult<Id extends RouteId> = RouteOf<Id> extends { result: Returns<infer T> } ? T : unknown;

/** `GET /user/me` — the key handlers use to name a route. */
export function routeId(route: Pick<ApiRoute, 'method' | 'path'>): RouteId {
  return routeKey(route) as RouteId;
}

export { routePath };

export function routesOf(lambda: LambdaName): Route[] {
  return TABLE.filter((r) => r.lambda === lambda);
}

/** The route a method and path resolve to, with its path parameters; static paths win over `{param}` ones. */
export function matchRoute(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
  return matchIn(TABLE, method, path);
}
