/**
 * The local stand-in for CloudFront + API Gateway: `/api/*` becomes an API Gateway v2 event for the Lambda
 * that owns the route (from shared/api.ts), `/content/v1/*` goes through the CDN stand-in (content-cache.ts) to the
 * delivery Lambda, `/api/docs` renders the API document (api-docs.ts), `/media/*`
 * streams objects from the media bucket, and everything else is the admin app (built files, compressed and
 * cached as CloudFront serves them (static-files.ts), or Vite's middleware in dev mode).
 */
import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { HttpError, notFound } from '../../functions/lib/errors';
import { errorResponse } from '../../functions/lib/http';
import { ORIGINALS_PREFIX, PUBLISHED_PREFIX, publishedObjectKey, UPLOADS_PREFIX } from '../../functions/lib/media-keys';
import { API_BASE, CONTENT_BASE, MEDIA_BASE } from '../../shared/addresses';
import { DEFAULT_ROUTE_LAMBDA, matchRoute, routePath } from '../../shared/api';
import { PRESIGNED_URL_TTL_SECONDS } from '../../shared/constants';
import { MEDIA_SECURITY_HEADERS } from '../../shared/security-headers';
import { renditionEdge } from '../aws/rendition-edge';
import { isApiDocsPath, serveApiDocs } from './api-docs';
import type { ContentCache, OriginAnswer } from './content-cache';
import { lambdaContext, loadHandler } from './handlers';
import { type PresignRefusal, s3ErrorXml, verifyPresigned } from './presign-check';
import { S3RVER_CREDENTIALS } from './s3';
import { staticFiles } from './static-files';

/** Where the gateway forwards presigned uploads to s3rver. */
export const S3_PROXY_BASE = '/s3';

/** API Gateway's own request-body cap. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  /** Built admin app to serve (web/dist); ignored when `middleware` is given. */
  webDir?: string;
  /** Dev mode: Vite's connect middleware serves the app with hot reload. */
  middleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  mediaBucket: string;
  s3Endpoint: string;
  /** The CDN stand-in of the delivery API (infra/local/stack.ts makes it; without it `/content/v1/` is 404). */
  contentCache?: ContentCache;
  log?: (line: string) => void;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      // Stop reading; the connection is closed once the 413 is sent, so the unread rest cannot confuse it.
      throw new HttpError(413, 'PayloadTooLarge', 'The request body is too large', { connection: 'close' });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const TEXT_TYPES = /^(application\/(.+\+)?json|text\/|application\/x-www-form-urlencoded)/i;

export function toEvent(req: IncomingMessage, url: URL, apiPath: string, body: Buffer): APIGatewayProxyEventV2 {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const match = matchRoute(method, apiPath);
  const isText = TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const now = Date.now();
  // As API Gateway does: cookies arrive as a list, not as a Cookie header.
  const cookies = (headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  delete headers.cookie;
  return {
    version: '2.0',
    ...(cookies.length > 0 ? { cookies } : {}),
    routeKey: match ? `${method} ${routePath(match.route.path)}` : '$default',
    rawPath: apiPath,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: match && Object.keys(match.params).length > 0 ? match.params : undefined,
    body: body.length > 0 ? body.toString(isText ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: apiPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: match ? `${method} ${routePath(match.route.path)}` : '$default',
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
  };
}

function sendError(res: ServerResponse, error: HttpError): void {
  const out = errorResponse(error);
  res.writeHead(out.statusCode ?? 500, out.headers as Record<string, string>);
  res.end(out.body, () => {
    if (error.headers.connection === 'close') res.socket?.destroy();
  });
}

/** An API request, answered by its Lambda's handler; the handler prints the request line (functions/lib/observability.ts). */
async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
  const apiPath = url.pathname.slice(API_BASE.length) || '/';
  // The delivery API is reached at its own path only, through the CDN (its key check, its cache), never here;
  // the render route only through /media/r/ (as CloudFront's API function refuses both).
  for (const own of [CONTENT_BASE, MEDIA_BASE]) {
    if (apiPath === own || apiPath.startsWith(`${own}/`)) throw notFound('There is no such API route');
  }
  const body = await readBody(req);
  const event = toEvent(req, url, apiPath, body);
  const method = event.requestContext.http.method;
  // Like the stack's $default route: paths of no route still reach a Lambda, whose router answers 404/405.
  const match = matchRoute(method, apiPath);
  const lambda = match?.route.lambda ?? DEFAULT_ROUTE_LAMBDA;
  const handler = await loadHandler(lambda);
  const out = await handler(event, lambdaContext(lambda, event.requestContext.requestId));
  const headers: Record<string, string | string[]> = { ...(out.headers ?? {}) } as Record<string, string>;
  if (out.cookies && out.cookies.length > 0) headers['set-cookie'] = out.cookies;
  res.writeHead(out.statusCode ?? 200, headers);
  res.end(out.body && out.isBase64Encoded ? Buffer.from(out.body, 'base64') : (out.body ?? ''));
}

/**
 * The delivery API's Lambdas as the CDN's origin: a GET of the path as asked (CloudFront turns HEAD into GET),
 * without the viewer's If-None-Match (the copy answers that), its answer read whole for the cache; any other method
 * (an ad's impression beacon) passed on with its body, never cached.
 */
export async function contentOrigin(req: IncomingMessage, url: URL): Promise<OriginAnswer> {
  const method = req.method === 'HEAD' || !req.method ? 'GET' : req.method.toUpperCase();
  const event = toEvent(req, url, url.pathname, method === 'GET' ? Buffer.alloc(0) : await readBody(req));
  event.requestContext.http.method = method;
  delete event.headers['if-none-match'];
  // The Lambda of the route (the delivery Lambda, the preview Lambda for /content/v1/preview/…, the ad Lambda for
  // /content/v1/ads…), as API Gateway routes it; a path of no route goes to the delivery Lambda, whose router
  // answers 404 or 405.
  const lambda = matchRoute(method, url.pathname)?.route.lambda ?? 'content';
  const handler = await loadHandler(lambda);
  const out = await handler(event, lambdaContext(lambda, event.requestContext.requestId));
  const headers = Object.fromEntries(
    Object.entries(out.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  const body = out.body && out.isBase64Encoded ? Buffer.from(out.body, 'base64') : Buffer.from(out.body ?? '');
  return { status: out.statusCode ?? 200, headers, body };
}

/** The `/media/r/*` behaviour's viewer function, its deployed source run in Node (infra/aws/rendition-edge.ts). */
let renditionPath: ReturnType<typeof renditionEdge> | undefined;

/**
 * `/media/r/<preset>/<key>` as CloudFront serves it: the viewer function rewrites the path to the stored
 * rendition's key, the format chosen from Accept (or answers 404 itself); the origin group reads that object from
 * the bucket, else asks the media-render Lambda, which makes and stores it; the response headers policy adds the
 * media security headers and `Vary: Accept`.
 */
async function handleRendition(req: IncomingMessage, res: ServerResponse, url: URL, s3: S3Client, bucket: string) {
  renditionPath ??= renditionEdge();
  const accept = req.headers.accept;
  const edge = renditionPath(url.pathname, Array.isArray(accept) ? accept.join(',') : accept);
  const policy = { ...MEDIA_SECURITY_HEADERS, vary: 'Accept' };
  if (!('uri' in edge)) {
    res.writeHead(edge.statusCode, {
      ...policy,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(edge.body?.data ?? '');
    return;
  }
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: edge.uri.slice(1) }));
    res.writeHead(200, {
      'content-type': object.ContentType ?? 'application/octet-stream',
      ...(object.ContentLength !== undefined ? { 'content-length': String(object.ContentLength) } : {}),
      'cache-control': object.CacheControl ?? 'public, max-age=86400',
      ...policy,
    });
    if (req.method === 'HEAD') {
      (object.Body as Readable).destroy();
      res.end();
      return;
    }
    (object.Body as Readable).pipe(res);
    return;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== 'NoSuchKey' && name !== 'NotFound') throw error;
  }
  // The origin group's second origin: the render route, as API Gateway would call it (a GET, no body).
  const origin = new URL(edge.uri, url);
  const event = toEvent(req, origin, origin.pathname, Buffer.alloc(0));
  event.requestContext.http.method = 'GET';
  const handler = await loadHandler('media-render');
  const out = await handler(event, lambdaContext('media-render', event.requestContext.requestId));
  const headers = Object.fromEntries(Object.entries(out.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
  res.writeHead(out.statusCode ?? 200, { ...headers, ...policy });
  res.end(
    req.method === 'HEAD'
      ? undefined
      : out.body && out.isBase64Encoded
        ? Buffer.from(out.body, 'base64')
        : (out.body ?? ''),
  );
}

/**
 * `/media/<key>` is the object `media/<key>` and nothing else (as CloudFront maps it): only checked files, which
 * no presigned URL can write. Type, disposition and caching are those the asset Lambda stored with the copy.
 */
async function handleMedia(res: ServerResponse, url: URL, s3: S3Client, bucket: string) {
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(MEDIA_BASE.length + 1));
  } catch {
    throw notFound('No such file');
  }
  if (!key || key.includes('..') || key.includes('\\')) throw notFound('No such file');
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: publishedObjectKey(key) }));
    res.writeHead(200, {
      ...MEDIA_SECURITY_HEADERS,
      'content-type': object.ContentType ?? 'application/octet-stream',
      ...(object.ContentLength !== undefined ? { 'content-length': String(object.ContentLength) } : {}),
      'content-disposition': object.ContentDisposition ?? 'attachment',
      'cache-control': object.CacheControl ?? 'public, max-age=86400',
    });
    (object.Body as Readable).pipe(res);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') throw notFound('No such file');
    throw error;
  }
}

/**
 * What S3 itself would refuse before the bytes reach s3rver (which checks no signature): anything but a PUT of
 * an upload under `uploads/`, or a GET of a staff download (a private original under `originals/`, or a checked
 * file), with a valid and unexpired presigned signature.
 */
function s3ProxyRefusal(req: IncomingMessage, url: URL, bucket: string): PresignRefusal | undefined {
  const objectPath = url.pathname.slice(S3_PROXY_BASE.length);
  const under = (prefix: string) => objectPath.startsWith(`/${bucket}/${prefix}`);
  const allowed =
    (req.method === 'PUT' && under(UPLOADS_PREFIX)) ||
    (req.method === 'GET' && (under(ORIGINALS_PREFIX) || under(PUBLISHED_PREFIX)));
  if (!allowed || objectPath.includes('..')) {
    return { ok: false, status: 403, code: 'AccessDenied', reason: 'Only presigned uploads are accepted here' };
  }
  const verdict = verifyPresigned({ method: req.method ?? '', url, headers: req.headers }, S3RVER_CREDENTIALS, {
    region: process.env.AWS_REGION ?? 'us-east-1',
    maxExpiresSeconds: PRESIGNED_URL_TTL_SECONDS,
  });
  return verdict.ok ? undefined : verdict;
}

/**
 * Browsers upload to presigned URLs under /s3 on the gateway's own origin, streamed through to s3rver: no
 * CORS, and the local stack works from another machine too. In AWS the URLs point at S3 itself.
 */
function proxyToS3(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  s3Endpoint: string,
  bucket: string,
): Promise<void> {
  const refusal = s3ProxyRefusal(req, url, bucket);
  if (refusal) {
    res.writeHead(refusal.status, { 'content-type': 'application/xml', connection: 'close' });
    res.end(s3ErrorXml(refusal.code, refusal.reason), () => res.socket?.destroy());
    return Promise.resolve();
  }
  const target = new URL(s3Endpoint);
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: `${url.pathname.slice(S3_PROXY_BASE.length)}${url.search}`,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        // S3 answers a download with the disposition the signed URL asked for; s3rver does not.
        const disposition = url.searchParams.get('response-content-disposition');
        const headers = disposition ? { ...answer.headers, 'content-disposition': disposition } : answer.headers;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', reject);
      },
    );
    upstream.on('error', reject);
    req.pipe(upstream);
  });
}

export function createGateway(options: GatewayOptions): Server {
  const log = options.log ?? (() => undefined);
  const s3 = new S3Client({
    endpoint: options.s3Endpoint,
    forcePathStyle: true,
    region: process.env.AWS_REGION ?? 'us-east-1',
  });
  const serveStatic = staticFiles(options.webDir ?? '');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const work = async () => {
      if (isApiDocsPath(url.pathname)) return serveApiDocs(req, res, url);
      if (url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`)) return handleApi(req, res, url);
      if (url.pathname.startsWith(`${CONTENT_BASE}/`)) {
        if (!options.contentCache) throw notFound('There is no such API route');
        return options.contentCache.handle(req, res, url);
      }
      if (url.pathname.startsWith(`${MEDIA_BASE}/r/`)) return handleRendition(req, res, url, s3, options.mediaBucket);
      if (url.pathname.startsWith(`${MEDIA_BASE}/`)) return handleMedia(res, url, s3, options.mediaBucket);
      if (url.pathname.startsWith(`${S3_PROXY_BASE}/`))
        return proxyToS3(req, res, url, options.s3Endpoint, options.mediaBucket);
      if (options.middleware) return options.middleware(req, res, () => void serveStatic(req, res, url).catch(fail));
      return serveStatic(req, res, url);
    };
    const fail = (error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) return sendError(res, error);
      log(`gateway error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendError(res, new HttpError(502, 'BadGateway', 'The local gateway could not run the function'));
    };
    work().catch(fail);
  });
  server.on('close', () => s3.destroy());
  return server;
}
