/**
 * What a call of the API takes and returns, read from the route table's types (shared/api.ts). Types only:
 * the route table and its schemas never reach the bundle, so the app imports it with `import type` alone.
 */
import type { RouteBodyInput, RouteId, RouteQueryInput, RouteResult } from '../../../shared/api';

export type { RouteId, RouteResult };

/** The names of a path's `{…}` parameters: `'id'` for `/cms/{id}`, never for a path without any. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

export type RouteParams<Id extends RouteId> = Id extends `${string} ${infer P}` ? ParamNames<P> : never;

/** The routes read with GET: the only ones SWR caches. */
export type GetRouteId = Extract<RouteId, `GET ${string}`>;

/** A query value as the schema reads it, or (for free text) a number or flag, sent as its text. */
type QueryValue<V> = V extends string ? V | (string extends V ? number | boolean : never) : V;

/** The query a route's schema takes; undefined, null and empty values are left out of the URL. */
export type RouteQueryOption<Id extends RouteId> = {
  [K in keyof RouteQueryInput<Id>]?: QueryValue<RouteQueryInput<Id>[K]> | null;
};

/** `params` exactly when the path has `{…}`; `query` only for a route with a query schema. */
export type RouteAddress<Id extends RouteId> = ([RouteParams<Id>] extends [never]
  ? { params?: never }
  : { params: Record<RouteParams<Id>, string> }) &
  (RouteQueryInput<Id> extends undefined ? { query?: never } : { query?: RouteQueryOption<Id> });

/** `body` exactly when the route takes one: its schema's input, or FormData for a file route. */
export type RouteBodyOption<Id extends RouteId> =
  RouteBodyInput<Id> extends undefined ? { body?: never } : { body: RouteBodyInput<Id> };

/** The options argument, left out when nothing in it is required. */
export type OptionalWhenEmpty<O> = object extends O ? [options?: O] : [options: O];
