/**
 * The one middy stack every Lambda uses: error mapping, security headers, JSON bodies, the route table's
 * access rule, and a router over the routes of one resource.
 */

import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import {
  type ApiRoute,
  type LambdaName,
  methodsFor,
  ORIGIN_SECRET_HEADER,
  type RouteAccess,
  type RouteId,
  routeId,
  routePath,
  routesOf,
  VIEWER_ADDRESS_HEADER,
} from '../../shared/api';
import { MAX_JSON_BODY_BYTES, MAX_PAGE_SIZE, PAGE_SIZE, TWO_FACTOR_REQUIRED_MESSAGE } from '../../shared/constants';
import { canAccess } from '../../shared/permissions';
import * as z from '../../shared/schemas/z';
import { API_SECURITY_HEADERS } from '../../shared/security-headers';
import { type AuthUser, authenticate, mustEnrolTwoFactor } from './auth';
import { badRequest, forbidden, HttpError, methodNotAllowed, notFound, payloadTooLarge } from './errors';
import { isId } from './ids';
import { readSecret, sameSecret } from './secrets';

export interface Request {
  event: APIGatewayProxyEventV2;
  route: ApiRoute;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The parsed JSON body (unknown until a schema parses it); undefined when there is none. */
  body: unknown;
  /** The raw bytes, for routes that take files. */
  rawBody: Buffer;
  contentType: string;
  /** The caller's address: CloudFront's view of it in AWS (see clientIp), the socket's locally. */
  ip: string;
  userAgent: string;
  /** Request cookies by name (the API reads only its own: refresh and device cookies under /api/auth). */
  cookies: Record<string, string>;
  /** The signed-in user; present on every route that is not public. */
  user: AuthUser | undefined;
}

export interface Reply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
  /** Set-Cookie values. */
  cookies?: string[];
}

export type RouteImpl = (req: Request) => Promise<Reply | unknown>;

const REPLY = Symbol('reply');

/** A reply other than 200 `{ data }`. */
export const reply = (
  status: number,
  data?: unknown,
  headers?: Record<string, string>,
  cookies?: string[],
): Reply & { [REPLY]: true } => ({
  [REPLY]: true,
  status,
  data,
  headers,
  cookies,
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

/** The route table's access rule (signed-in is already checked by the caller). */
export function routeAllows(user: AuthUser, access: RouteAccess): boolean {
  if (access.kind === 'permission') return canAccess(user, access.resource, access.actions);
  if (access.kind === 'anyOf') return access.grants.some((g) => canAccess(user, g.resource, g.actions));
  if (access.kind === 'superAdmin') return user.isSuperAdmin;
  return true;
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

async function buildRequest(event: APIGatewayProxyEventV2, route: ApiRoute): Promise<Request> {
  const ip = await clientIp(event);
  const access = route.access;
  // Who may call is decided before the body is read: a caller without permission gets 403, never a 400 about
  // a body they were not allowed to send.
  let user: AuthUser | undefined;
  if (access.kind !== 'public') {
    user = await authenticate(header(event, 'authorization'));
    if (!routeAllows(user, access)) throw forbidden();
    if (mustEnrolTwoFactor(user) && !route.beforeTwoFactor) throw forbidden(TWO_FACTOR_REQUIRED_MESSAGE);
  }
  const rawBody = readBody(event);
  const contentType = header(event, 'content-type');
  return {
    event,
    route,
    params: { ...(event.pathParameters ?? {}) } as Record<string, string>,
    query: { ...(event.queryStringParameters ?? {}) } as Record<string, string>,
    body: parseJsonBody(rawBody, contentType),
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

/** The routes of one Lambda, keyed by route id (`GET /user/me`): every route it owns, and only those. */
export type RouteImpls = Partial<Record<RouteId, RouteImpl>>;

export function createHandler(lambda: LambdaName, impls: RouteImpls) {
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
        const impl = impls[routeId(route)] as RouteImpl;
        return toResponse(await impl(await buildRequest(event, route)));
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

/** Parses input with a shared zod schema; the first problem becomes a 400 with the schema's message. */
export function parseWith<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 && issue.code !== 'custom' ? issue.path.join('.') : '';
  const text = issue?.message ?? 'The request is not valid';
  // Our own messages are complete sentences; zod's defaults get the field name for context.
  throw badRequest(where && /^Invalid|^Too|^Unrecognized|^Expected/.test(text) ? `${where}: ${text}` : text);
}

/** `page` (1-based) and `limit` (default the list's page size, at most MAX_PAGE_SIZE) from a query. */
export function paging(query: Record<string, string>, pageSize = PAGE_SIZE): { page: number; limit: number } {
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? pageSize : Number(query.limit);
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw badRequest('page must be a whole number from 1');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw badRequest(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return { page, limit };
}

/** The signed-in user of a non-public route (the middleware has already checked the token). */
export function signedInUser(req: Request): AuthUser {
  if (!req.user) throw new HttpError(401, 'Unauthorized', 'Sign in to continue');
  return req.user;
}

/** A path parameter that must be a record id (ULID); anything else is a 404, never a query with junk. */
export function routeParam(req: Request, name: string): string {
  const value = req.params[name] ?? '';
  if (!isId(value)) throw notFound('The record does not exist');
  return value;
}
