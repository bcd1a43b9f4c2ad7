/** The Lambda handlers the local gateway runs in-process, one per entry of LAMBDAS (as the CDK stack does). */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { LambdaName } from '../../shared/api';

export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

const loaded = new Map<LambdaName, Promise<ApiHandler>>();

export function loadHandler(lambda: LambdaName): Promise<ApiHandler> {
  let handler = loaded.get(lambda);
  if (!handler) {
    handler = import(`../../functions/${lambda}/handler.ts`).then((m: { handler: ApiHandler }) => m.handler);
    loaded.set(lambda, handler);
  }
  return handler;
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
