/**
 * The one middy stack every Lambda uses: error mapping, security headers, JSON bodies, a router over the routes
 * of one resource, and a place for the caller check of non-public routes, which auth/gate.ts plugs in (this
 * module knows no users: lib/ sits below every feature).
 */

import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../shared/addresses';
import {
  type ApiRoute,
  type Grant,
  type LambdaName,
  methodsFor,
  type RouteBody,
  type RouteId,
  type RouteIdOf,
  type RouteQuery,
  type RouteResult,
  routeId,
  routePath,
  routesOf,
} from '../../shared/api';
import { MAX_JSON_BODY_BYTES } from '../../shared/constants';
import { API_SECURITY_HEADERS } from '../../shared/security-headers';
import { badRequest, forbidden, HttpError, methodNotAllowed, notFound, payloadTooLarge } from './errors';
import { isId } from './ids';
import { parseBody, parseQuery } from './route-input';
import { readSecret, sameSecret } from './secrets';

/** A request as route code sees it; `User` is what the gate admits (auth/gate.ts: the signed-in AuthUser). */
export interface Request<User = unknown> {
  event: APIGatewayProxyEventV2;
  route: ApiRoute;
  params: Record<string, string>;
  /** The raw bytes, for routes that take files. */
  rawBody: Buffer;
  contentType: string;
  /** The caller's address: CloudFront's view of it in AWS (see clientIp), the socket's locally. */
  ip: string;
  userAgent: string;
  /** Request cookies by name (the API reads only its own: refresh and device cookies under /api/auth). */
  cookies: Record<string, string>;
  /** The signed-in user; present on every route that is not public. */
  user: User | undefined;
}

/** A call of one route: its body and query parsed by the route's schemas (route-input.ts). */
export interface RouteRequest<Id extends RouteId, User = unknown> extends Request<User> {
  body: RouteBody<Id>;
  query: RouteQuery<Id>;
}

export interface Reply<T = unknown> {
  status?: number;
  data?: T;
  headers?: Record<string, string>;
  /** Set-Cookie values. */
  cookies?: string[];
  /** A JSON document sent as the whole body instead of `{ data }` (the OpenAPI document). */
  document?: unknown;
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

/** A 200 whose body is `document` itself, for clients that read a standard format (the OpenAPI document). */
export const documentReply = (
  document: unknown,
  headers?: Record<string, string>,
): Reply<never> & { [REPLY]: true } => ({
  [REPLY]: true,
  document,
  headers,
});

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

function log(level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown>): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  const line = JSON.stringify({ level, message, ...fields });
  if (level === 'error') console.error(line);
  else if (process.env.LOG_LEVEL !== 'error') console.log(line);
}

function header(event: APIGatewayProxyEventV2, name: string): string {
  return event.headers?.[name] ?? event.headers?.[name.toLowerCase()] ?? '';
}

function readBody(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

function parseJsonBody(raw: Buffer, contentType: string): unknown {
  if (raw.length === 0) return undefined;
  // File routes take multipart or raw bytes; every other body is JSON whatever its declared type.
  if (/^(multipart\/|application\/octet-stream)/i.test(contentType)) return undefined;
  if (raw.length > MAX_JSON_BODY_BYTES) throw payloadTooLarge();
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON', 'BadRequest');
  }
}

/** Cookies of an HTTP API (v2) event: API Gateway lists them in `cookies`, not in the headers. */
function readCookies(event: APIGatewayProxyEventV2): Record<string, string> {
  const out: Record<string, string> = {};
  const pairs = event.cookies ?? header(event, 'cookie').split(';');
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    try {
      out[name] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      // A cookie that is not valid URI encoding is not one of ours.
    }
  }
  return out;
}

/**
 * Who may call a route that is not public: the caller (from the Authorization header), or a thrown 401/403.
 * It runs before the body is read: a caller without permission gets 403, never a 400 about a body they were
 * not allowed to send.
 */
export type Admit<User> = (authorization: string, route: ApiRoute) => Promise<User>;

/** Whether an admitted caller holds a grant a body form needs (PATCH /user's forms acting on another user). */
export type Holds<User> = (user: User, grant: Grant) => boolean;

/** The gate's two checks: who may call a route, and (for routes of several body forms) who may send a form. */
interface Gate<User> {
  admit: Admit<User>;
  holds: Holds<User>;
}

async function buildRequest<User extends { _id: string }>(
  event: APIGatewayProxyEventV2,
  route: ApiRoute,
  gate: Gate<User>,
): Promise<RouteRequest<RouteId, User>> {
  const ip = await clientIp(event);
  const access = route.access;
  const user = access.kind === 'public' ? undefined : await gate.admit(header(event, 'authorization'), route);
  const rawBody = readBody(event);
  const contentType = header(event, 'content-type');
  const sender = { id: user?._id ?? '', holds: (grant: Grant) => user !== undefined && gate.holds(user, grant) };
  const body = parseBody(route.body, parseJsonBody(rawBody, contentType), sender);
  const query = parseQuery(route.query, { ...(event.queryStringParameters ?? {}) } as Record<string, string>);
  return {
    event,
    route,
    params: { ...(event.pathParameters ?? {}) } as Record<string, string>,
    query: query as RouteQuery<RouteId>,
    body: body as RouteBody<RouteId>,
    rawBody,
    contentType,
    ip,
    userAgent: header(event, 'user-agent'),
    cookies: readCookies(event),
    user,
  };
}

/**
 * In AWS the API is reached only through CloudFront, which adds the origin secret header (ORIGIN_SECRET[_ARN]);
 * a call straight to API Gateway is refused, so the viewer address CloudFront's function puts in
 * x-viewer-address cannot be forged. Without a configured secret (locally) the socket address is used.
 */
async function clientIp(event: APIGatewayProxyEventV2): Promise<string> {
  const expected = await readSecret('ORIGIN_SECRET', 'ORIGIN_SECRET_ARN');
  const socketIp = event.requestContext?.http?.sourceIp ?? 'unknown';
  if (!expected) return socketIp;
  if (!sameSecret(header(event, ORIGIN_SECRET_HEADER), expected)) {
    throw forbidden('Call the API through the site address');
  }
  return viewerIp(header(event, VIEWER_ADDRESS_HEADER)) ?? socketIp;
}

/** `203.0.113.7`, `203.0.113.7:443` or `2001:db8::1` as CloudFront gives it: the address without a port. */
export function viewerIp(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (/^\d{1,3}(\.\d{1,3}){3}(:\d+)?$/.test(text)) return text.split(':')[0];
  if (/^[0-9a-f:]+$/i.test(text) && text.includes(':')) return text.toLowerCase();
  return undefined;
}

function toResponse(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (result && typeof result === 'object' && REPLY in result) {
    const r = result as Reply;
    if (r.document !== undefined) return respond(r.status ?? 200, r.document, r.headers);
    return respond(r.status ?? 200, r.data === undefined ? undefined : { data: r.data }, r.headers, r.cookies);
  }
  return respond(200, { data: result ?? null });
}

/** Maps anything thrown to the error shape; unknown errors become a 500 without details (and are logged). */
const errorMapper = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  onError: async (request) => {
    const error = request.error;
    const path = request.event?.requestContext?.http?.path;
    if (error instanceof HttpError) {
      if (error.status >= 500) log('warn', 'request refused', { path, status: error.status });
      request.response = errorResponse(error);
      return;
    }
    log('error', 'unhandled error', {
      path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    request.response = errorResponse(
      new HttpError(500, 'InternalError', 'Something went wrong on our side; please try again'),
    );
  },
});

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
 * `createHandler(lambda, impls)` for Lambdas whose non-public routes let in whom `admit` admits; `holds` says
 * whether they may send a body form that needs a grant of its own.
 */
export function handlerFactory<User extends { _id: string }>(admit: Admit<User>, holds: Holds<User>) {
  return <L extends LambdaName>(lambda: L, impls: RouteImpls<L, User>) =>
    lambdaHandler(lambda, impls as Partial<Record<RouteId, AnyRouteImpl<User>>>, { admit, holds });
}

function lambdaHandler<User extends { _id: string }>(
  lambda: LambdaName,
  impls: Partial<Record<RouteId, AnyRouteImpl<User>>>,
  gate: Gate<User>,
) {
  const routes = routesOf(lambda);
  for (const id of Object.keys(impls)) {
    if (!routes.some((r) => routeId(r) === id)) throw new Error(`${id} is not a route of the ${lambda} Lambda`);
  }
  // A route in the table without code fails at load (every test that loads the Lambda), never at a caller.
  const missing = routes.map(routeId).filter((id) => !impls[id]);
  if (missing.length > 0) throw new Error(`The ${lambda} Lambda has no code for ${missing.join(', ')}`);
  const router = httpRouterHandler({
    routes: routes.map((route) => ({
      method: route.method,
      path: routePath(route.path),
      handler: async (event: APIGatewayProxyEventV2) => {
        const impl = impls[routeId(route)] as AnyRouteImpl<User>;
        return toResponse(await impl(await buildRequest(event, route, gate)));
      },
    })),
    notFoundResponse: ({ path }) => {
      const allowed = methodsFor(path);
      throw allowed.length > 0 ? methodNotAllowed(allowed) : notFound('There is no such API route');
    },
  });
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(errorMapper())
    .handler(router as unknown as (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>);
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
