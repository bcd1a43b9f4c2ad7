/**
 * The alarms, and the SNS topic they all notify (infra/README.md → Alarms). Custom metrics are read only through
 * shared/metrics.ts, the names and dimensions the Lambdas write with Powertools.
 */
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { INDEX_LIST } from '../../functions/lib/db/table';
import {
  METRIC,
  METRICS_NAMESPACE,
  type MetricName,
  PUBLISHER_LAG_ALARM_SECONDS,
  SERVICE_NAME,
} from '../../shared/metrics';
import type { DeadLetterWatch } from './delivery';
import { type FunctionName, STREAM_FUNCTIONS } from './functions';
import { acknowledge } from './nag';

/** The period every alarm looks at. */
export const ALARM_PERIOD = Duration.minutes(5);
/** API answers with a 5xx status, in percent of all answers in the period. */
const API_5XX_RATE_PERCENT = 5;
/** A CDN purge waiting longer than this (the queue's oldest message) is late: normally it is made within 30 s. */
const INVALIDATION_LAG_ALARM_SECONDS = 300;
/** Sign-ins refused in the period, across all users: far more than typing mistakes (password guessing). */
const SIGN_IN_FAILURES_ALARM = 25;
/**
 * A stream consumer this far behind the table is late: each normally reads a change within seconds. The table's
 * stream has four readers where DynamoDB advises two per shard, so throttled reads show here first.
 */
const STREAM_AGE_ALARM_SECONDS = 120;

/** A custom metric of shared/metrics.ts, with its `service` dimension and any other. */
export function customMetric(
  metricName: MetricName,
  statistic: string,
  dimensions: Record<string, string> = {},
  period: Duration = ALARM_PERIOD,
): cw.Metric {
  return new cw.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: SERVICE_NAME, ...dimensions },
    statistic,
    period,
  });
}

/** DynamoDB's throttle events, reads and writes, of the table or of one of its indexes. */
export function throttleEvents(table: dynamodb.Table, indexName?: string): cw.MathExpression {
  const dimensionsMap = { TableName: table.tableName, ...(indexName && { GlobalSecondaryIndexName: indexName }) };
  const events = (metricName: string) =>
    new cw.Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap, statistic: 'Sum', period: ALARM_PERIOD });
  // Ids unique within a graph that shows the table and every index.
  const id = (indexName ?? 'table').replace(/[^A-Za-z0-9]/g, '_');
  return new cw.MathExpression({
    expression: `reads_${id} + writes_${id}`,
    usingMetrics: { [`reads_${id}`]: events('ReadThrottleEvents'), [`writes_${id}`]: events('WriteThrottleEvents') },
    label: `${indexName ?? 'table'} throttle events`,
    period: ALARM_PERIOD,
  });
}

/** The API's 5xx answers in percent of its answers (0 when it answered nothing). */
export function api5xxRate(api: HttpApi): cw.MathExpression {
  return new cw.MathExpression({
    expression: 'IF(requests > 0, 100 * errors / requests, 0)',
    usingMetrics: {
      requests: api.metricCount({ period: ALARM_PERIOD, statistic: 'Sum' }),
      errors: api.metricServerError({ period: ALARM_PERIOD, statistic: 'Sum' }),
    },
    label: 'API 5xx %',
    period: ALARM_PERIOD,
  });
}

export interface MonitoringParts {
  stage: string;
  functions: ReadonlyMap<FunctionName, lambda.Function>;
  api: HttpApi;
  table: dynamodb.Table;
  publisherFailures: sqs.Queue;
  nameSyncFailures: sqs.Queue;
  /** The delivery API's dead-letter queues (delivery.ts), each alarmed on its first message. */
  deadLetters: readonly DeadLetterWatch[];
  /** The CDN invalidation queue, alarmed when a message waits too long (purges late). */
  invalidations: sqs.Queue;
  alarmEmail?: string;
  removalPolicy: RemovalPolicy;
}

export interface Monitoring {
  topic: sns.Topic;
  alarms: cw.Alarm[];
}

export function addMonitoring(stack: Stack, parts: MonitoringParts): Monitoring {
  const { stage, functions, api, table, publisherFailures, nameSyncFailures, alarmEmail, removalPolicy } = parts;
  const { deadLetters, invalidations } = parts;
  const scope = new Construct(stack, 'Monitoring');

  // Encrypted with a key of our own: CloudWatch must be allowed to use it to publish, which AWS's managed SNS key
  // (aws/sns) does not allow.
  const key = new kms.Key(scope, 'AlarmTopicKey', {
    description: `Admin Portal (${stage}) alarm topic`,
    enableKeyRotation: true,
    removalPolicy,
  });
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
      // As on the topic: CloudWatch acting for this account's alarms only.
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );
  const topic = new sns.Topic(scope, 'AlarmTopic', {
    displayName: `Admin Portal (${stage}) alarms`,
    masterKey: key,
    enforceSSL: true,
  });
  // The topic's policy (enforceSSL) replaces SNS's default one: CloudWatch alarms of this account may publish.
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*` },
        StringEquals: { 'aws:SourceAccount': stack.account },
      },
    }),
  );
  if (alarmEmail) {
    topic.addSubscription(new subscriptions.EmailSubscription(alarmEmail));
    acknowledge(topic, {
      'Serverless-SNSRedrivePolicy':
        "The alarm e-mail: SNS retries its delivery, and every alarm's state stays in CloudWatch and on the dashboard whatever becomes of the mail; a queue of undelivered mail would be one more thing nobody reads.",
    });
  }

  const action = new SnsAction(topic);
  const alarms: cw.Alarm[] = [];
  const alarm = (
    id: string,
    props: Omit<cw.AlarmProps, 'alarmName' | 'evaluationPeriods'> & { evaluationPeriods?: number },
  ) => {
    const created = new cw.Alarm(scope, id, {
      alarmName: `${Stack.of(stack).stackName}-${id}`,
      evaluationPeriods: 1,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cw.TreatMissingData.NOT_BREACHING,
      ...props,
    });
    created.addAlarmAction(action);
    created.addOkAction(action);
    alarms.push(created);
    return created;
  };

  alarm('Api5xxRate', {
    metric: api5xxRate(api),
    comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    threshold: API_5XX_RATE_PERCENT,
    alarmDescription: `More than ${API_5XX_RATE_PERCENT}% of API answers in 5 minutes were 5xx (a Lambda failed, timed out or was throttled). See the dashboard's routes and the Lambdas' logs.`,
  });

  for (const [name, fn] of functions) {
    alarm(`${name}-Errors`, {
      metric: fn.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' }),
      threshold: 1,
      alarmDescription: `The ${name} Lambda failed (an uncaught error or a timeout) in the last 5 minutes. See its log group.`,
    });
    alarm(`${name}-Throttles`, {
      metric: fn.metricThrottles({ period: ALARM_PERIOD, statistic: 'Sum' }),
      threshold: 1,
      alarmDescription: `The ${name} Lambda was throttled (its reserved concurrency or the account's limit) in the last 5 minutes.`,
    });
  }

  for (const name of STREAM_FUNCTIONS) {
    const fn = functions.get(name);
    if (!fn) continue;
    alarm(`${name}-IteratorAge`, {
      metric: fn.metric('IteratorAge', { period: ALARM_PERIOD, statistic: 'Maximum' }),
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
      threshold: STREAM_AGE_ALARM_SECONDS * 1000,
      alarmDescription: `The ${name} Lambda read a table change more than ${STREAM_AGE_ALARM_SECONDS / 60} minutes after it was written: throttled stream reads (the stream has more readers than DynamoDB advises), failures being retried, or a backlog. See its Errors, its log and infra/README.md → Delivery API at the edge, Caveats.`,
    });
  }

  alarm('TableThrottles', {
    metric: throttleEvents(table),
    threshold: 1,
    alarmDescription:
      'DynamoDB throttled reads or writes of the table (a hot key, or a bulk job) in the last 5 minutes.',
  });
  for (const index of INDEX_LIST) {
    alarm(`${index.name}-Throttles`, {
      metric: throttleEvents(table, index.name),
      threshold: 1,
      alarmDescription: `DynamoDB throttled the index ${index.name} (its writes hold back the table's) in the last 5 minutes.`,
    });
  }

  alarm('PublishFailures', {
    metric: customMetric(METRIC.publishFailures, 'Sum'),
    threshold: 1,
    alarmDescription:
      'The publisher failed to publish a Scheduled article (each run tries it again). Its log names the article and the error.',
  });
  alarm('PublisherDeadLetters', {
    metric: publisherFailures.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
    threshold: 1,
    alarmDescription:
      'A publisher run failed after its retries and is in the PublisherFailures queue (infra/README.md → Publisher failures).',
  });
  alarm('PublisherLag', {
    metric: customMetric(METRIC.publisherLag, 'Maximum'),
    comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    threshold: PUBLISHER_LAG_ALARM_SECONDS,
    // Every run reports its lag, 0 included: no figure for 5 minutes means the publisher is not running.
    treatMissingData: cw.TreatMissingData.BREACHING,
    alarmDescription: `A Scheduled article is more than ${PUBLISHER_LAG_ALARM_SECONDS / 60} minutes late, or the publisher reported nothing for 5 minutes (not running).`,
  });
  alarm('NameSyncDeadLetters', {
    metric: nameSyncFailures.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
    threshold: 1,
    alarmDescription:
      'A rename could not be copied into list rows after its retries and waits in NameSyncFailures (infra/README.md → What the stack creates).',
  });
  for (const watched of deadLetters) {
    alarm(watched.id, {
      metric: watched.queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
      threshold: 1,
      alarmDescription: watched.description,
    });
  }
  alarm('InvalidationLag', {
    metric: invalidations.metricApproximateAgeOfOldestMessage({ period: ALARM_PERIOD, statistic: 'Maximum' }),
    comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    threshold: INVALIDATION_LAG_ALARM_SECONDS,
    alarmDescription: `A CDN purge has waited more than ${INVALIDATION_LAG_ALARM_SECONDS / 60} minutes in the invalidation queue (CloudFront refusing, or the cdn-invalidator failing): readers see stale copies meanwhile.`,
  });
  alarm('SignInFailures', {
    metric: customMetric(METRIC.signInFailures, 'Sum'),
    threshold: SIGN_IN_FAILURES_ALARM,
    alarmDescription: `${SIGN_IN_FAILURES_ALARM} or more sign-ins were refused in 5 minutes: password guessing? See the audit trail.`,
  });
  return { topic, alarms };
}
