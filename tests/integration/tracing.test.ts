/**
 * X-Ray as in Lambda: the role Lambda's bundle (as `cdk deploy` uploads it) runs in a child process with the
 * environment Lambda gives a traced function, and its segments are read from a local UDP "daemon", where the X-Ray
 * SDK sends them. Outside Lambda the Tracer is off, so this is the one place the traces are seen before AWS.
 */
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { buildBundles, bundleFile } from '../../infra/local/bundles';
import { admin, login } from './helpers';

interface Segment {
  name: string;
  id: string;
  trace_id?: string;
  parent_id?: string;
  namespace?: string;
  aws?: { operation?: string; table_name?: string };
  annotations?: Record<string, unknown>;
  http?: { response?: { status?: number } };
  subsegments?: Segment[];
}

const scratch = mkdtempSync(join(tmpdir(), 'admin-portal-trace-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function roleBundle(): Promise<string> {
  const shared = inject('bundlesDir');
  if (shared) return bundleFile(shared, 'role');
  await buildBundles(scratch, ['role']);
  return bundleFile(scratch, 'role');
}

/**
 * Requires the bundle and calls its handler once, as Lambda would, then prints the answer's status. The process
 * then ends by itself once the SDK's UDP sends are done (idle keep-alive sockets do not hold it); the unref'd timer
 * ends it only if something else would.
 */
const INVOKE = `
const { handler } = require(process.argv[1]);
const event = JSON.parse(process.argv[2]);
handler(event, { awsRequestId: 'trace-test', functionName: 'role', invokedFunctionArn: 'arn:aws:lambda:us-east-1:0:function:role', memoryLimitInMB: '512', getRemainingTimeInMillis: () => 30000 })
  .then((out) => { process.stdout.write(String(out.statusCode)); setTimeout(() => process.exit(0), 10000).unref(); })
  .catch((error) => { console.error(error); process.exit(1); });
`;

function flatten(segments: Segment[]): Segment[] {
  return segments.flatMap((s) => [s, ...flatten(s.subsegments ?? [])]);
}

describe('traces in Lambda', () => {
  it('the role bundle records the route and each DynamoDB call as subsegments of the invocation’s trace', async () => {
    const token = await login(admin.email, admin.password);
    const daemon = createSocket('udp4');
    const received: Segment[] = [];
    daemon.on('message', (packet) => {
      // `{"format":"json","version":1}\n{segment}`
      const body = packet.toString('utf8').split('\n')[1];
      if (body) received.push(JSON.parse(body) as Segment);
    });
    await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
    const port = (daemon.address() as AddressInfo).port;

    const traceId = '1-67890abc-0123456789abcdef01234567';
    const event = {
      version: '2.0',
      routeKey: 'GET /role',
      rawPath: '/role',
      rawQueryString: '',
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'trace-test' },
      isBase64Encoded: false,
      requestContext: { http: { method: 'GET', path: '/role', sourceIp: '10.0.0.9' }, requestId: 'trace-test' },
    };
    const child = spawn(process.execPath, ['-e', INVOKE, await roleBundle(), JSON.stringify(event)], {
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        TABLE_NAME: process.env.TABLE_NAME ?? 'admin-portal',
        DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
        JWT_SECRET: inject('jwtSecret'),
        // What Lambda sets for a function with active tracing.
        AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
        AWS_LAMBDA_FUNCTION_NAME: 'role',
        AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
        _HANDLER: 'index.handler',
        LAMBDA_TASK_ROOT: scratch,
        _X_AMZN_TRACE_ID: `Root=${traceId};Parent=53995c3f42cd8ad8;Sampled=1`,
        AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${port}`,
        AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
        POWERTOOLS_METRICS_DISABLED: 'true',
        POWERTOOLS_LOG_LEVEL: 'SILENT',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    expect(stdout).toBe('200');
    // Datagrams sent before the child ended may still be queued for this process: wait for the handler's.
    await vi.waitFor(() => expect(flatten(received).some((s) => s.name === '## index.handler')).toBe(true), {
      timeout: 5_000,
    });
    daemon.close();

    const all = flatten(received);
    expect(all.every((s) => !s.trace_id || s.trace_id === traceId)).toBe(true);
    // The handler, by Powertools' captureLambdaHandler, under Lambda's own segment, annotated …
    const handler = all.find((s) => s.name === '## index.handler');
    expect(handler?.parent_id).toBe('53995c3f42cd8ad8');
    expect(handler?.annotations).toEqual({ ColdStart: true, Service: 'admin-portal' });
    // … and under it every DynamoDB call: the gate's session and user reads, then the roles' query on gsi1.
    const dynamo = all.filter((s) => s.name === 'DynamoDB' && s.namespace === 'aws');
    expect(dynamo.map((s) => s.aws?.operation).sort()).toEqual(['BatchGetItem', 'GetItem', 'Query']);
    expect(dynamo.every((s) => s.parent_id === handler?.id)).toBe(true);
    // The fields the SDK's whitelist keeps of a call (cut to our services by infra/aws/bundle-plugins.ts).
    const query = dynamo.find((s) => s.aws?.operation === 'Query');
    expect(query?.aws?.table_name).toBe(process.env.TABLE_NAME ?? 'admin-portal');
    // Nothing of the request (token, headers) is in what was sent.
    expect(JSON.stringify(received)).not.toContain(token);
  });
});
