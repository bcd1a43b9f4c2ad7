/**
 * A request as route code receives it, built from the API Gateway (v2) event: the caller's address (the origin
 * check), the gate's caller, cookies, and the body and query parsed by the route's schemas (route-input.ts).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import {
  CONTENT_KEY_HEADER,
  ORIGIN_SECRET_HEADER,
  VIEWER_ADDRESS_HEADER,
  VIEWER_HOST_HEADER,
} from '../../shared/addresses';
import type { ApiRoute, Grant, RouteBody, RouteId, RouteQuery } from '../../shared/api';
import { MAX_JSON_BODY_BYTES } from '../../shared/constants';
import { isSchema } from '../../shared/routes/kit';
import { badRequest, forbidden, payloadTooLarge, unsupportedMediaType } from './errors';
import { noteUser } from './observability';
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
  /** The parsed body; on a route that checks its record first (ApiRoute.checksRecordFirst), parsed when first read. */
  body: RouteBody<Id>;
  /** The parsed body, for code that must decide about the record before it looks at the body. */
  readBody: () => RouteBody<Id>;
  query: RouteQuery<Id>;
}

function header(event: APIGatewayProxyEventV2, name: string): string {
  return event.headers?.[name] ?? event.headers?.[name.toLowerCase()] ?? '';
}

function readBody(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

/** `application/json`, with no charset but UTF-8 (JSON is UTF-8, RFC 8259); any other parameter is ignored. */
export function isJsonType(contentType: string): boolean {
  const [type = '', ...params] = contentType.split(';');
  if (type.trim().toLowerCase() !== 'application/json') return false;
  return params.every((param) => {
    const [name = '', value = ''] = param.split('=');
    return name.trim().toLowerCase() !== 'charset' || /^"?utf-?8"?$/i.test(value.trim());
  });
}

function parseJsonBody(raw: Buffer, contentType: string, route: ApiRoute): unknown {
  const spec = route.body;
  // A request without a body needs no type.
  if (raw.length === 0) return undefined;
  // The file route's code reads its multipart bytes itself.
  if (spec && !isSchema(spec) && spec.kind === 'file') return undefined;
  // Every other body must say it is JSON: a page of another site can make a browser post text/plain, a form or
  // multipart without asking anyone, but application/json only after a CORS preflight, which the API never grants.
  const plainText = route.plainTextJson === true && contentType.split(';')[0]?.trim().toLowerCase() === 'text/plain';
  if (!isJsonType(contentType) && !plainText) {
    throw unsupportedMediaType('Send the request body as JSON (Content-Type: application/json)');
  }
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
 * Who may call a route that is not public: the caller (from the Authorization header, or the content API key
 * header on the delivery API's routes), or a thrown 401/403.
 * It runs before the body is read: a caller without permission gets 403, never a 400 about a body they were
 * not allowed to send.
 */
export type Admit<User> = (authorization: string, route: ApiRoute) => Promise<User>;

/** Whether an admitted caller holds a grant a body form needs (PATCH /user's forms acting on another user). */
export type Holds<User> = (user: User, grant: Grant) => boolean;

/** The gate's two checks: who may call a route, and (for routes of several body forms) who may send a form. */
export interface Gate<User> {
  admit: Admit<User>;
  holds: Holds<User>;
}

export async function buildRequest<User extends { _id: string }>(
  event: APIGatewayProxyEventV2,
  route: ApiRoute,
  gate: Gate<User>,
): Promise<RouteRequest<RouteId, User>> {
  const ip = await clientIp(event);
  if (route.signInCookies && crossSite(event)) {
    throw forbidden('Sign in from the admin site itself: requests from other sites are refused');
  }
  const access = route.access;
  // The delivery API's callers show a content API key; everyone else's, a sign-in.
  const credential = header(event, access.kind === 'contentKey' ? CONTENT_KEY_HEADER : 'authorization');
  const user = access.kind === 'public' ? undefined : await gate.admit(credential, route);
  if (user) noteUser(event, user._id);
  const rawBody = readBody(event);
  const contentType = header(event, 'content-type');
  const sender = { id: user?._id ?? '', holds: (grant: Grant) => user !== undefined && gate.holds(user, grant) };
  let parsed: { body: unknown } | undefined;
  const parsedBody = (): RouteBody<RouteId> => {
    parsed ??= { body: parseBody(route.body, parseJsonBody(rawBody, contentType, route), sender) };
    return parsed.body as RouteBody<RouteId>;
  };
  if (!route.checksRecordFirst) parsedBody();
  const query = parseQuery(route.query, { ...(event.queryStringParameters ?? {}) } as Record<string, string>);
  return {
    event,
    route,
    params: { ...(event.pathParameters ?? {}) } as Record<string, string>,
    query: query as RouteQuery<RouteId>,
    get body() {
      return parsedBody();
    },
    readBody: parsedBody,
    rawBody,
    contentType,
    ip,
    userAgent: header(event, 'user-agent'),
    cookies: readCookies(event),
    user,
  };
}

/**
 * Whether a browser made this request for a page of another site (functions/README.md, "Security model"). Every
 * current browser sends Sec-Fetch-Site, and every browser since 2020 an Origin on a cross-origin POST; no page
 * can set or remove either. Sec-Fetch-Site decides when it is there. Otherwise the Origin's host must be the
 * request's own: the one CloudFront saw (x-viewer-host: API Gateway receives its own name in Host), one a proxy
 * forwarded (x-forwarded-host: a Vite dev server), or Host (the local gateway). A page of another site cannot
 * send those either: a header of its own needs a CORS preflight, which the API never grants. A request with
 * neither header is no browser's (curl, a script): it carries no victim's cookies (they are SameSite=Strict
 * besides), so it can only sign itself in.
 */
export function crossSite(event: APIGatewayProxyEventV2): boolean {
  const site = header(event, 'sec-fetch-site').trim().toLowerCase();
  // `none`: the user asked for it themselves (typed, bookmarked), no page did.
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = header(event, 'origin').trim();
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    // `null`: a sandboxed frame, a data: or file: page, a redirect across sites.
    return true;
  }
  const own = [
    header(event, VIEWER_HOST_HEADER),
    ...header(event, 'x-forwarded-host').split(','),
    header(event, 'host'),
  ]
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return !host || !own.includes(host);
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
