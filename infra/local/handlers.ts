/**
 * The Lambda handlers the local gateway runs in-process, one per entry of LAMBDAS (as the CDK stack does): the
 * TypeScript sources, or with LAMBDA_BUNDLES_DIR set (`npm start -- --bundles`, LAMBDA_BUNDLES=1 in the
 * integration tests) the esbuild outputs `cdk deploy` uploads (bundles.ts).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { LambdaName } from '../../shared/api';
import type { FunctionName } from '../aws/functions';
import { bundleFile, loadBundle } from './bundles';

export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** The handler of a function no route calls (publisher, sweepers): an event in, a result out. */
export type JobHandler = (event: unknown, context: Context) => Promise<unknown>;

const loaded = new Map<string, Promise<unknown>>();

/** The folder of the built bundles when the stack runs them, else undefined (the sources run). */
export const bundlesDir = (): string | undefined => process.env.LAMBDA_BUNDLES_DIR || undefined;

/**
 * `sources`: the TypeScript handler even when the stack runs bundles, for a test that intercepts this process's own
 * modules (a DynamoDB client's send, to force a race): a bundle carries its own copy, out of the test's reach.
 */
function loadFunction(name: FunctionName, sources = false): Promise<unknown> {
  const dir = sources ? undefined : bundlesDir();
  const cacheKey = `${dir ? 'bundle' : 'source'}:${name}`;
  let handler = loaded.get(cacheKey);
  if (!handler) {
    handler = dir
      ? loadBundle(bundleFile(dir, name)).then((m) => m.handler)
      : import(`../../functions/${name}/handler.ts`).then((m: { handler: unknown }) => m.handler);
    loaded.set(cacheKey, handler);
  }
  return handler;
}

export function loadHandler(lambda: LambdaName, sources = false): Promise<ApiHandler> {
  return loadFunction(lambda, sources) as Promise<ApiHandler>;
}

export function loadJob(name: FunctionName): Promise<JobHandler> {
  return loadFunction(name) as Promise<JobHandler>;
}

export function lambdaContext(name: string, requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
