/**
 * Calls a route's Lambda handler in the test process, as API Gateway behind CloudFront would: with a chosen
 * viewer address (and the origin secret), cookies and a clock the test controls (functions/lib/clock.ts).
 * Sign-in rules that depend on who calls from where can only be tested like this on one machine.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaContext, loadHandler } from '../../infra/local/handlers';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../shared/addresses';
import { DEFAULT_ROUTE_LAMBDA, matchRoute, routePath } from '../../shared/api';
import './helpers';

/** The secret this process's handlers expect from "CloudFront". */
export const TEST_ORIGIN_SECRET = `test-origin-${randomUUID()}`;
process.env.ORIGIN_SECRET = TEST_ORIGIN_SECRET;

export interface DirectResult<T = unknown> {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  body: { data?: T; message?: { msg: string } };
}

export interface DirectOptions {
  body?: unknown;
  token?: string;
  /** The viewer address CloudFront would pass on. */
  ip?: string;
  /** name → value */
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  userAgent?: string;
  /** false: leave the origin secret out (a call straight to API Gateway). */
  viaCloudFront?: boolean;
  /**
   * Run the TypeScript handler even when the stack runs the bundles (LAMBDA_BUNDLES=1): for tests that intercept
   * this process's DynamoDB client to force a race, which a bundle's own copy of the client would escape.
   */
  sources?: boolean;
}

export async function direct<T = unknown>(method: string, target: string, options: DirectOptions = {}) {
  const [path = '', rawQueryString = ''] = target.split('?');
  const query = Object.fromEntries(new URLSearchParams(rawQueryString));
  const match = matchRoute(method, path);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': options.userAgent ?? 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    'x-forwarded-proto': 'https',
    ...(options.viaCloudFront === false ? {} : { [ORIGIN_SECRET_HEADER]: TEST_ORIGIN_SECRET }),
    [VIEWER_ADDRESS_HEADER]: options.ip ?? '198.51.100.1',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.headers ?? {}),
  };
  const cookies = Object.entries(options.cookies ?? {}).map(([k, v]) => `${k}=${v}`);
  const event = {
    version: '2.0',
    routeKey: match ? `${method} ${routePath(match.route.path)}` : '$default',
    rawPath: path,
    rawQueryString,
    ...(rawQueryString ? { queryStringParameters: query } : {}),
    headers,
    ...(cookies.length ? { cookies } : {}),
    pathParameters: match && Object.keys(match.params).length ? match.params : undefined,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'test',
      domainPrefix: 'test',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '192.0.2.250', userAgent: headers['user-agent'] },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  } as unknown as APIGatewayProxyEventV2;
  const lambda = match?.route.lambda ?? DEFAULT_ROUTE_LAMBDA;
  const handler = await loadHandler(lambda, options.sources);
  const out = await handler(event, lambdaContext(lambda, event.requestContext.requestId));
  return {
    status: out.statusCode ?? 200,
    headers: (out.headers ?? {}) as Record<string, string>,
    cookies: out.cookies ?? [],
    body: out.body ? JSON.parse(out.body) : {},
  } as DirectResult<T>;
}

/** name → value of the Set-Cookie list of a response. */
export function cookiesOf(result: DirectResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of result.cookies) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

export const messageOf = (result: DirectResult) => result.body.message?.msg ?? '';
