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
  type RouteAccess,
  type RouteId,
  routeId,
  routePath,
  routesOf,
} from '../../shared/api';
import { MAX_JSON_BODY_BYTES, MAX_PAGE_SIZE, PAGE_SIZE } from '../../shared/constants';
import { canAccess } from '../../shared/permissions';
import * as z from '../../shared/schemas/z';
import { API_SECURITY_HEADERS } from '../../shared/security-headers';
import { type AuthUser, authenticate } from './auth';
import { badRequest, forbidden, HttpError, methodNotAllowed, notFound, payloadTooLarge } from './errors';
import { isId } from './ids';

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
  ip: string;
  /** The signed-in user; present on every route that is not public. */
  user: AuthUser | undefined;
}

export interface Reply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type RouteImpl = (req: Request) => Promise<Reply | unknown>;

const REPLY = Symbol('reply');

/** A reply other than 200 `{ data }`. */
export const reply = (status: number, data?: unknown, headers?: Record<string, string>): Reply & { [REPLY]: true } => ({
  [REPLY]: true,
  status,
  data,
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
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { ...SECURITY_HEADERS, ...headers },
    body: payload === undefined ? '' : JSON.stringify(payload),
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
  return true;
}

async function buildRequest(event: APIGatewayProxyEventV2, route: ApiRoute): Promise<Request> {
  const rawBody = readBody(event);
  const contentType = header(event, 'content-type');
  const req: Request = {
    event,
    route,
    params: { ...(event.pathParameters ?? {}) } as Record<string, string>,
    query: { ...(event.queryStringParameters ?? {}) } as Record<string, string>,
    body: parseJsonBody(rawBody, contentType),
    rawBody,
    contentType,
    ip: event.requestContext?.http?.sourceIp ?? 'unknown',
    user: undefined,
  };
  const access = route.access;
  if (access.kind !== 'public') {
    req.user = await authenticate(header(event, 'authorization'));
    if (!routeAllows(req.user, access)) throw forbidden();
  }
  return req;
}

function toResponse(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (result && typeof result === 'object' && REPLY in result) {
    const r = result as Reply;
    return respond(r.status ?? 200, r.data === undefined ? undefined : { data: r.data }, r.headers);
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
