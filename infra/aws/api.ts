/**
 * The HTTP API: a route for every row of the route table (shared/api.ts), `$default` to the docs Lambda, and one
 * stage with access logs and a throttle.
 */
import type { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  type HttpRouteIntegration,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import { DEFAULT_ROUTE_LAMBDA, type LambdaName, READER_ROUTES, ROUTES, routePath } from '../../shared/api';
import type { DeployContext } from './context';
import { acknowledge } from './nag';

export interface ApiParts {
  stage: string;
  removalPolicy: RemovalPolicy;
  context: Pick<
    DeployContext,
    'apiRateLimit' | 'apiBurstLimit' | 'readerRateLimit' | 'readerBurstLimit' | 'logRetentionDays'
  >;
  integration: (name: LambdaName) => HttpRouteIntegration;
}

/** One JSON line per request (HTTP API $context variables). No header, cookie or body is ever logged. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  // CloudFront's address: the viewer's own is passed in a header, which access logs cannot show.
  sourceIp: '$context.identity.sourceIp',
  httpMethod: '$context.httpMethod',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
} as const;

export function addHttpApi(stack: Stack, { stage, removalPolicy, context, integration }: ApiParts): HttpApi {
  // The docs Lambda's router holds the whole table and answers any unknown route with a 404 or 405 in the API's
  // error shape. It has no table access and signs no one in: scanners' requests cost sign-in nothing.
  const api = new HttpApi(stack, 'Api', {
    description: `Admin Portal (${stage}) API`,
    defaultIntegration: integration(DEFAULT_ROUTE_LAMBDA),
    // Made below with its logs and throttle, under the same construct id as the stage HttpApi would make.
    createDefaultStage: false,
  });
  const accessLogs = new logs.LogGroup(stack, 'ApiAccessLogs', { retention: context.logRetentionDays, removalPolicy });
  const defaultStage = new HttpStage(api, 'DefaultStage', {
    httpApi: api,
    stageName: '$default',
    autoDeploy: true,
    // The newsroom's routes, before a Lambda or the table sees a flood (the sign-in has its own throttle too).
    throttle: { rateLimit: context.apiRateLimit, burstLimit: context.apiBurstLimit },
    accessLogSettings: {
      destination: new LogGroupLogDestination(accessLogs),
      format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
    },
  });
  for (const route of ROUTES) {
    const made = api.addRoutes({
      path: routePath(route.path),
      methods: [HttpMethod[route.method]],
      integration: integration(route.lambda),
    });
    // A stage's route settings name routes that must exist first.
    defaultStage.node.addDependency(...made);
  }
  // Each route readers reach has its own, larger throttle: a breaking-news spike of CDN misses is refused on those
  // routes alone and never takes the newsroom's calls with it.
  // RouteSettings is a map CloudFormation takes as written (the CDK passes it through): its keys in PascalCase.
  const readerThrottle = {
    ThrottlingRateLimit: context.readerRateLimit,
    ThrottlingBurstLimit: context.readerBurstLimit,
  };
  (defaultStage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
    READER_ROUTES.map((route) => [`${route.method} ${routePath(route.path)}`, readerThrottle]),
  );
  acknowledge(api, {
    'AwsSolutions-APIG4':
      "Authorization is the Lambdas' own: each route checks the caller's token, session and role grants (shared/api.ts access) and refuses any request without CloudFront's origin secret (tests/integration/route-matrix.test.ts tries every route with every kind of caller).",
  });
  return api;
}
