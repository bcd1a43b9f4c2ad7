/**
 * How the stack makes each of its Lambdas: bundled as benchmarked (bundling.ts), traced with X-Ray, Powertools
 * configured from shared/metrics.ts, its own log group, and a role holding only what the function uses
 * (infra/README.md → Least privilege).
 */
import type { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambdaCore from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { INDEX_LIST } from '../../functions/lib/db/table';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../shared/metrics';
import { lambdaCode } from './bundling';
import type { DeployContext } from './context';
import { type FunctionName, RESERVED_CONCURRENCY, TABLE_LEADING_KEYS, TABLE_READ, tableActions } from './functions';
import { acknowledge } from './nag';

/** What a function needs besides its name, memory, timeout and environment. */
export interface LambdaExtras {
  /** AWS's Parameters and Secrets extension, for the functions that read a secret. */
  paramsAndSecrets?: lambdaCore.ParamsAndSecretsLayerVersion;
  /** For a function invoked asynchronously: its retries, how old an event may get, and where failures go. */
  async?: Pick<lambdaCore.FunctionOptions, 'retryAttempts' | 'maxEventAge' | 'onFailure'>;
}

/** Makes one of the stack's Lambdas, with what it may do on the table (functions.ts → tableActions). */
export type MakeLambda = (
  name: FunctionName,
  memorySize: number,
  timeout: Duration,
  environment: Record<string, string>,
  extras?: LambdaExtras,
) => lambdaCore.Function;

export interface LambdaParts {
  stage: string;
  table: dynamodb.Table;
  removalPolicy: RemovalPolicy;
  context: Pick<DeployContext, 'logLevel' | 'logRetentionDays' | 'reservedConcurrency'>;
  /** Filled with every function made, by name. */
  functions: Map<FunctionName, lambdaCore.Function>;
}

/** The Powertools settings every function runs with: one service, one namespace (shared/metrics.ts). */
function powertoolsEnvironment(logLevel: string): Record<string, string> {
  return {
    POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
    POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
    POWERTOOLS_LOG_LEVEL: logLevel,
    // Responses carry access tokens and people's data: traces keep their timing, never their bodies.
    POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
  };
}

export function lambdaFactory(
  stack: Stack,
  { stage, table, removalPolicy, context, functions }: LambdaParts,
): MakeLambda {
  // Query reaches the indexes by name: no `index/*` wildcard.
  const indexArns = INDEX_LIST.map((index) => `${table.tableArn}/index/${index.name}`);

  return (name, memorySize, timeout, environment, extras = {}) => {
    const logGroup = new logs.LogGroup(stack, `${name}-logs`, { retention: context.logRetentionDays, removalPolicy });
    const fn = new lambdaCore.Function(stack, `${name}-fn`, {
      paramsAndSecrets: extras.paramsAndSecrets,
      code: lambdaCode(name),
      handler: 'index.handler',
      runtime: lambdaCore.Runtime.NODEJS_22_X,
      architecture: lambdaCore.Architecture.ARM_64,
      memorySize,
      timeout,
      environment: { ...environment, ...powertoolsEnvironment(context.logLevel) },
      description: `Admin Portal (${stage}): ${name}`,
      logGroup,
      tracing: lambdaCore.Tracing.ACTIVE,
      reservedConcurrentExecutions: context.reservedConcurrency ? RESERVED_CONCURRENCY[name] : undefined,
      ...extras.async,
    });

    // The function writes its own log group and nothing else in CloudWatch Logs: the managed
    // AWSLambdaBasicExecutionRole (create any log group, write any stream) is taken off the role.
    const role = fn.node.findChild('ServiceRole').node.defaultChild as iam.CfnRole;
    role.managedPolicyArns = undefined;
    logGroup.grantWrite(fn);

    const actions = tableActions(name);
    const leadingKeys = TABLE_LEADING_KEYS[name];
    if (leadingKeys) {
      // Only items whose partition key starts so: a bug in the function cannot reach any other item.
      const onlyKeys = (prefixes: readonly string[]) => ({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((prefix) => `${prefix}*`) },
      });
      const reads = actions.filter((a) => (TABLE_READ as readonly string[]).includes(a));
      const writes = actions.filter((a) => !reads.includes(a));
      for (const [granted, prefixes] of [
        [reads, leadingKeys.read],
        [writes, leadingKeys.write],
      ] as const) {
        if (granted.length === 0) continue;
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: [...granted],
            resources: [table.tableArn],
            conditions: onlyKeys(prefixes),
          }),
        );
      }
    } else if (actions.length > 0) {
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...actions], resources: [table.tableArn] }));
    }
    if (actions.includes('dynamodb:Query') && !leadingKeys) {
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: indexArns }));
    }

    acknowledge(fn, {
      'AwsSolutions-L1':
        'Node 22 on purpose: the bundles target node22 (bundling.ts) and the cold-start figures were measured on it; moving to Node 24 is its own change.',
      'Serverless-LambdaLatestVersion': 'Node 22 on purpose, as for AwsSolutions-L1.',
      'AwsSolutions-IAM5[Resource::*]':
        'X-Ray (active tracing: xray:PutTraceSegments, xray:PutTelemetryRecords) has no resource-level permissions.',
    });
    functions.set(name, fn);
    return fn;
  };
}
