/**
 * The one middy stack every Lambda uses: observability (lib/observability.ts: the Logger's context, the trace,
 * the metrics and one request line), a router over the routes of one resource, error mapping, security headers
 * and JSON bodies, and a place for the caller check of non-public routes, which auth/gate.ts plugs in (this
 * module knows no users: lib/ sits below every feature).
 */

import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ApiRoute, LambdaName, RouteId, RouteIdOf, RouteResult } from '../../shared/api';
import { methodsIn, routeKey, routePath } from '../../shared/routes/match';
import { API_SECURITY_HEADERS } from '../../shared/security-headers';
import { HttpError, methodNotAllowed, notFound } from './errors';
import { type Admit, buildRequest, type Gate, type Holds, type Request, type RouteRequest } from './http-request';
import { isId } from './ids';
import { apiMiddlewares, noteError, noteRoute } from './observability';

export type { Admit, Holds, Request, RouteRequest } from './http-request';

export interface Reply<T = unknown> {
  status?: number;
  data?: T;
  headers?: Record<string, string>;
  /** Set-Cookie values. */
  cookies?: string[];
  /** A JSON document sent as the whole body instead of `{ data }` (the OpenAPI document). */
  document?: unknown;
  /** `data` as JSON text already made (the delivery API's stored answers): sent as `{"data":…}` unparsed. */
  dataJson?: string;
  /** Bytes sent as the whole body, base64 for API Gateway (a rendition); `headers` carry its content-type. */
  binary?: Uint8Array;
}

const REPLY = Symbol('reply');

/** A reply other than 200 `{ data }`. */
export const reply = <T>(
  status: number,
  data?: T,
  headers?: Record<string, string>,
  cookies?: string[],
): Reply<T> & { [REPLY]: true } => ({
  [REPLY]: true,
  status,
  data,
  headers,
  cookies,
});

/**
 * An answer whose `data` is JSON text made already (the delivery API's stored answers, sent without parsing and
 * making them again); `status` 304 sends no body.
 */
export const jsonReply = (
  status: number,
  dataJson: string | undefined,
  headers: Record<string, string>,
): Reply<never> & { [REPLY]: true } => ({ [REPLY]: true, status, dataJson, headers });

/** A 200 whose body is `document` itself, for clients that read a standard format (the OpenAPI document). */
export const documentReply = (
  document: unknown,
  headers?: Record<string, string>,
): Reply<never> & { [REPLY]: true } => ({
  [REPLY]: true,
  document,
  headers,
});

/** An answer whose body is `bytes` (an image), with `headers` (content-type, caching) over the security headers. */
export const binaryReply = (
  bytes: Uint8Array,
  headers: Record<string, string>,
  status = 200,
): Reply<never> & { [REPLY]: true } => ({ [REPLY]: true, status, binary: bytes, headers });

const SECURITY_HEADERS: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  ...API_SECURITY_HEADERS,
};

function respond(
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
  cookies?: string[],
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { ...SECURITY_HEADERS, ...headers },
    body: payload === undefined ? '' : JSON.stringify(payload),
    ...(cookies && cookies.length > 0 ? { cookies } : {}),
  };
}

export function errorResponse(error: HttpError): APIGatewayProxyStructuredResultV2 {
  return respond(error.status, { message: { msg: `${error.kind}: ${error.text}` } }, error.headers);
}

function toResponse(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (result && typeof result === 'object' && REPLY in result) {
    const r = result as Reply;
    if (r.document !== undefined) return respond(r.status ?? 200, r.document, r.headers);
    if (r.binary !== undefined) {
      return {
        statusCode: r.status ?? 200,
        headers: { ...SECURITY_HEADERS, ...r.headers },
        body: Buffer.from(r.binary).toString('base64'),
        isBase64Encoded: true,
      };
    }
    if (r.dataJson !== undefined || r.status === 304) {
      return {
        statusCode: r.status ?? 200,
        headers: { ...SECURITY_HEADERS, ...r.headers },
        body: r.dataJson === undefined ? '' : `{"data":${r.dataJson}}`,
      };
    }
    return respond(r.status ?? 200, r.data === undefined ? undefined : { data: r.data }, r.headers, r.cookies);
  }
  return respond(200, { data: result ?? null });
}

/**
 * Every error of a request becomes its answer here, inside the handler, so the middlewares see an answer, never
 * a throw: an HttpError is the API answering as designed (its status and text); anything else is logged with
 * its stack and answered 500 without details.
 */
function errorAnswer(event: APIGatewayProxyEventV2, error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) {
    noteError(event, error.kind, undefined, error.status);
    return errorResponse(error);
  }
  noteError(event, 'InternalError', error);
  return errorResponse(new HttpError(500, 'InternalError', 'Something went wrong on our side; please try again'));
}

/**
 * The code of one Lambda's routes, keyed by route id (`GET /user/me`): every route it owns, and only those,
 * each receiving its body and query typed by the route table.
 */
export type RouteImpls<L extends LambdaName, User = unknown> = {
  [Id in RouteIdOf<L>]: (req: RouteRequest<Id, User>) => RouteOutcome<Id> | Promise<RouteOutcome<Id>>;
};

/** What a route's code returns: the route's result (sent as 200 `{ data }`), or a reply carrying it. */
type RouteOutcome<Id extends RouteId> = RouteResult<Id> | (Reply<RouteResult<Id>> & { [REPLY]: true });

type AnyRouteImpl<User> = (req: RouteRequest<RouteId, User>) => unknown;

/**
 * `createHandler(lambda, table, impls)` for Lambdas whose non-public routes let in whom `admit` admits; `holds`
 * says whether they may send a body form that needs a grant of its own. `table` holds the Lambda's rows: its
 * resource's route file (so its bundle carries no other resource's schemas), or the whole table for the docs
 * Lambda (DEFAULT_ROUTE_LAMBDA), which API Gateway's `$default` sends every path of no route, to be told 404 or 405.
 */
export function handlerFactory<User extends { _id: string }>(admit: Admit<User>, holds: Holds<User>) {
  return <L extends LambdaName>(lambda: L, table: readonly ApiRoute[], impls: RouteImpls<L, User>) =>
    lambdaHandler(lambda, table, impls as Partial<Record<RouteId, AnyRouteImpl<User>>>, { admit, holds });
}

function lambdaHandler<User extends { _id: string }>(
  lambda: LambdaName,
  table: readonly ApiRoute[],
  impls: Partial<Record<RouteId, AnyRouteImpl<User>>>,
  gate: Gate<User>,
) {
  const routes = table.filter((r) => r.lambda === lambda);
  const idOf = (route: ApiRoute) => routeKey(route) as RouteId;
  for (const id of Object.keys(impls)) {
    if (!routes.some((r) => idOf(r) === id)) throw new Error(`${id} is not a route of the ${lambda} Lambda`);
  }
  // A route in the table without code fails at load (every test that loads the Lambda), never at a caller.
  const missing = routes.map(idOf).filter((id) => !impls[id]);
  if (missing.length > 0) throw new Error(`The ${lambda} Lambda has no code for ${missing.join(', ')}`);
  const router = httpRouterHandler({
    routes: routes.map((route) => ({
      method: route.method,
      path: routePath(route.path),
      handler: async (event: APIGatewayProxyEventV2) => {
        noteRoute(event, idOf(route));
        const impl = impls[idOf(route)] as AnyRouteImpl<User>;
        return toResponse(await impl(await buildRequest(event, route, gate)));
      },
    })),
    notFoundResponse: ({ path }) => {
      const allowed = methodsIn(table, path);
      throw allowed.length > 0 ? methodNotAllowed(allowed) : notFound('There is no such API route');
    },
  }) as unknown as (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(apiMiddlewares())
    .handler(async (event, context) => {
      try {
        return await router(event, context);
      } catch (error) {
        return errorAnswer(event, error);
      }
    });
}

/** The signed-in user of a non-public route (the gate has already admitted them). */
export function signedInUser<User>(req: Request<User>): User {
  if (!req.user) throw new HttpError(401, 'Unauthorized', 'Sign in to continue');
  return req.user;
}

/** A path parameter that must be a whole number from 1 (a revision's); anything else is a 404. */
export function numberParam(req: Request, name: string): number {
  const value = req.params[name] ?? '';
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw notFound('The record does not exist');
  return Number(value);
}

/** A path parameter that must be a record id (ULID); anything else is a 404, never a query with junk. */
export function routeParam(req: Request, name: string): string {
  const value = req.params[name] ?? '';
  if (!isId(value)) throw notFound('The record does not exist');
  return value;
}
