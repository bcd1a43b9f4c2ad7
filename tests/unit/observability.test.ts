/**
 * What the Lambdas print (functions/lib/observability.ts): the request line is one JSON line with the request id,
 * route, user, cold-start flag, status and latency; no token, cookie or password reaches any line; the EMF
 * metric lines carry the names and dimensions of shared/metrics.ts. A real handler of the middy stack
 * (handlerFactory, the stack createHandler builds) runs the auth Lambda's rows, with a stand-in gate.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError, unauthorized } from '../../functions/lib/errors';
import { handlerFactory } from '../../functions/lib/http';
import { addMetric, backgroundHandler, countEvent } from '../../functions/lib/observability';
import { ROUTES, routeId, routesOf } from '../../shared/api';
import { METRIC, METRIC_DIMENSION, METRICS_NAMESPACE, SERVICE_NAME } from '../../shared/metrics';

// The Logger and Metrics are made on first use, so this is what they read: a Lambda on demand, INFO, EMF on.
Object.assign(process.env, {
  POWERTOOLS_LOG_LEVEL: 'INFO',
  POWERTOOLS_METRICS_DISABLED: 'false',
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
  AWS_LAMBDA_FUNCTION_NAME: 'auth',
});
delete process.env.POWERTOOLS_DEV;

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.secret-signature-7Qx';
const COOKIE_VALUE = 'user-1.session-1.refresh-secret-9Zk';
const PASSWORD = 'Sup3r-Secret-Passw0rd!';
const USER_ID = '01JUSER00000000000000000001';

let printed = '';
const capture = (chunk: unknown) => {
  printed += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return true;
};

beforeAll(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});
afterEach(() => {
  printed = '';
});

const lines = () =>
  printed
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const RECOVERY = 'POST /auth/two-factor/recovery-codes';
const failing = new Map<string, Error>([
  ['POST /auth/two-factor/disable', new Error('boom: table unreachable')],
  ['POST /auth/two-factor/setup', new HttpError(400, 'ValidationError', 'Start the set-up again')],
]);

/** The auth Lambda's rows with stand-in code; the gate admits only the bearer of TOKEN. */
const handler = handlerFactory<{ _id: string }>(
  async (authorization) => {
    if (authorization !== `Bearer ${TOKEN}`) throw unauthorized();
    return { _id: USER_ID };
  },
  () => true,
)(
  'auth',
  ROUTES,
  Object.fromEntries(
    routesOf('auth').map((route) => [
      routeId(route),
      async () => {
        const error = failing.get(routeId(route));
        if (error) throw error;
        return { codes: ['abcd-efgh'] };
      },
    ]),
  ) as never,
);

let requests = 0;
async function call(method: string, path: string): Promise<{ out: APIGatewayProxyStructuredResultV2; id: string }> {
  const id = `req-${++requests}`;
  const event = {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      cookie: `refresh=${COOKIE_VALUE}`,
    },
    cookies: [`refresh=${COOKIE_VALUE}`],
    body: JSON.stringify({ password: PASSWORD }),
    isBase64Encoded: false,
    requestContext: { http: { method, path, sourceIp: '192.0.2.1' }, requestId: id },
  } as unknown as APIGatewayProxyEventV2;
  const context = { functionName: 'auth', awsRequestId: id, invokedFunctionArn: 'arn:aws:lambda:x' } as Context;
  return { out: await handler(event, context), id };
}

/** The EMF lines: each metric's name → its dimension sets and value. */
const emf = () =>
  lines()
    .filter((l) => '_aws' in l)
    .map((l) => {
      const aws = l._aws as {
        CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[];
      };
      const [directive] = aws.CloudWatchMetrics;
      return {
        line: l,
        namespace: directive?.Namespace,
        dimensions: directive?.Dimensions,
        names: directive?.Metrics.map((m) => m.Name),
      };
    });

describe('the request line', () => {
  it('is one JSON line with request id, route, user, cold start, status and latency, and no secret', async () => {
    const first = await call('POST', '/auth/two-factor/recovery-codes');
    expect(first.out.statusCode).toBe(200);
    const [line] = lines().filter((l) => l.message === 'request');
    expect(line).toMatchObject({
      level: 'INFO',
      service: SERVICE_NAME,
      function_request_id: first.id,
      cold_start: true,
      route: RECOVERY,
      status: 200,
      userId: USER_ID,
    });
    expect(typeof line?.latencyMs).toBe('number');
    expect(typeof line?.timestamp).toBe('string');

    const second = await call('POST', '/auth/two-factor/recovery-codes');
    expect(
      lines()
        .filter((l) => l.message === 'request')
        .at(-1),
    ).toMatchObject({
      function_request_id: second.id,
      cold_start: false,
    });

    for (const secret of [TOKEN, 'secret-signature-7Qx', COOKIE_VALUE, 'refresh-secret-9Zk', PASSWORD]) {
      expect(printed).not.toContain(secret);
    }
  });

  it('logs an unknown error with its stack at error level, answers 500, and leaks nothing', async () => {
    const { out, id } = await call('POST', '/auth/two-factor/disable');
    expect(out.statusCode).toBe(500);
    expect(out.body).not.toContain('boom');
    const error = lines().find((l) => l.message === 'unhandled error');
    expect(error).toMatchObject({ level: 'ERROR', function_request_id: id, route: 'POST /auth/two-factor/disable' });
    expect(error?.error).toMatchObject({ name: 'Error', message: 'boom: table unreachable' });
    expect(String((error?.error as { stack?: string } | undefined)?.stack)).toContain('observability.test.ts');
    expect(lines().find((l) => l.message === 'request')).toMatchObject({ status: 500, userId: USER_ID });
    for (const secret of [TOKEN, COOKIE_VALUE, PASSWORD]) expect(printed).not.toContain(secret);
  });

  it('names a path of no route `$default`, with no user', async () => {
    const { out } = await call('DELETE', '/user/me');
    expect(out.statusCode).toBe(405);
    const line = lines().find((l) => l.message === 'request');
    expect(line).toMatchObject({ route: '$default', status: 405 });
    expect(line).not.toHaveProperty('userId');
  });
});

describe('the metric lines (EMF)', () => {
  it('carry the per-route metrics with { service, Route }', async () => {
    await call('POST', '/auth/two-factor/recovery-codes');
    const route = emf().find((m) => m.names?.includes(METRIC.requests));
    expect(route?.namespace).toBe(METRICS_NAMESPACE);
    expect(route?.dimensions).toEqual([['service', METRIC_DIMENSION.route]]);
    expect(route?.names?.sort()).toEqual(
      [METRIC.requests, METRIC.latency, METRIC.clientErrors, METRIC.serverErrors].sort(),
    );
    expect(route?.line).toMatchObject({
      service: SERVICE_NAME,
      Route: RECOVERY,
      Requests: 1,
      ClientErrors: 0,
      ServerErrors: 0,
    });
    expect(emf()).toHaveLength(1);
  });

  it('count an error answer as Errors with { service, ErrorKind } beside the route figures', async () => {
    await call('POST', '/auth/two-factor/setup');
    const errors = emf().find((m) => m.names?.includes(METRIC.errors));
    expect(errors?.dimensions).toEqual([['service', METRIC_DIMENSION.errorKind]]);
    expect(errors?.names).toEqual([METRIC.errors]);
    expect(errors?.line).toMatchObject({ service: SERVICE_NAME, ErrorKind: 'ValidationError', Errors: 1 });
    expect(errors?.line).not.toHaveProperty('Route');
    expect(emf().find((m) => m.names?.includes(METRIC.requests))?.line).toMatchObject({
      ClientErrors: 1,
      ServerErrors: 0,
    });
  });

  it('carry events and the background figures with { service } only', async () => {
    countEvent(METRIC.signInFailures);
    const job = backgroundHandler(async () => {
      addMetric(METRIC.articlesPublished, 'Count', 3);
      addMetric(METRIC.publisherLag, 'Seconds', 42);
    }, true);
    await job({});
    const [event, run] = emf();
    expect(event?.dimensions).toEqual([['service']]);
    expect(event?.line).toMatchObject({ service: SERVICE_NAME, SignInFailures: 1 });
    expect(run?.dimensions).toEqual([['service']]);
    expect(run?.names).toEqual([METRIC.articlesPublished, METRIC.publisherLag]);
    expect(run?.line).toMatchObject({ ArticlesPublished: 3, PublisherLagSeconds: 42 });
    expect(run?.line).not.toHaveProperty('Route');
  });
});
