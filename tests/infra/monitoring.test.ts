/**
 * Observability as synthesized: X-Ray and Powertools on every function, the alarm topic, every alarm (by metric
 * and threshold), the publisher's retries and dead-letter queue, and the dashboard.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { INDEX_LIST } from '../../functions/lib/db/table';
import { PUBLISHER, STREAM_FUNCTIONS } from '../../infra/aws/functions';
import { LAMBDAS, ROUTES, routeId } from '../../shared/api';
import { METRIC, METRICS_NAMESPACE, PUBLISHER_LAG_ALARM_SECONDS, SERVICE_NAME } from '../../shared/metrics';
import { ALL_FUNCTIONS, synthOnce } from './synth';

const dev = synthOnce();

const topicId = () => dev.ofType('AWS::SNS::Topic')[0]?.[0] ?? '';
const queueId = (name: string) => dev.logicalId(dev.stack.node.findChild(name).node.defaultChild);
/** The alarm named `<stack>-<suffix>`, with its properties. */
const alarm = (suffix: string) => {
  const found = dev
    .ofType('AWS::CloudWatch::Alarm')
    .find(([, a]) => a.Properties?.AlarmName === `${dev.stack.stackName}-${suffix}`);
  if (!found) throw new Error(`no alarm ${suffix}`);
  return found[1].Properties ?? {};
};
const custom = (metricName: string, extra: Record<string, string> = {}) => ({
  Namespace: METRICS_NAMESPACE,
  MetricName: metricName,
  Dimensions: [
    { Name: 'service', Value: SERVICE_NAME },
    ...Object.entries(extra).map(([Name, Value]) => ({ Name, Value })),
  ],
});

describe('observability of every function', () => {
  it('traces with X-Ray and runs Powertools with the service, namespace and log level of shared/metrics.ts', () => {
    for (const name of ALL_FUNCTIONS) {
      expect(dev.props(dev.functionId(name)).TracingConfig, name).toEqual({ Mode: 'Active' });
      expect(dev.envOf(name), name).toMatchObject({
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_LOG_LEVEL: 'INFO',
        POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
      });
      const xray = dev.statementsOf(name).filter((st) => JSON.stringify(st.Action).includes('xray:'));
      const xrayActions = xray.flatMap((st) => st.Action).filter((a) => a.startsWith('xray:'));
      expect(xrayActions.sort(), name).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    }
  });

  it('keeps each function’s logs in its own group for 30 days', () => {
    for (const name of ALL_FUNCTIONS) {
      const groupId = dev.logicalId(dev.stack.node.findChild(`${name}-logs`).node.defaultChild);
      expect(dev.props(dev.functionId(name)).LoggingConfig, name).toEqual({ LogGroup: { Ref: groupId } });
      expect(dev.props(groupId).RetentionInDays, name).toBe(30);
    }
  });
});

describe('the alarm topic', () => {
  it('is encrypted with a rotated key CloudWatch may use, refuses plain HTTP, and lets alarms publish', () => {
    const topic = dev.props(topicId());
    const keyId = (topic.KmsMasterKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect(dev.props(keyId).EnableKeyRotation).toBe(true);
    expect(JSON.stringify(dev.props(keyId).KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    dev.expectTlsOnlyPolicy({ topic: topicId() }, 'cloudwatch.amazonaws.com', 'sns:Publish');
    // No e-mail without the context alarmEmail (context.test.ts gives one).
    dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('is notified by every alarm, when it fires and when it clears', () => {
    const alarms = dev.ofType('AWS::CloudWatch::Alarm');
    // The delivery API's four dead-letter queues and its invalidation lag: delivery.test.ts.
    // And media-uses' dead-letter queue.
    expect(alarms.length).toBe(
      2 * ALL_FUNCTIONS.length + STREAM_FUNCTIONS.length + 1 + 1 + INDEX_LIST.length + 5 + 5 + 1,
    );
    for (const [id, a] of alarms) {
      expect(a.Properties?.AlarmActions, id).toEqual([{ Ref: topicId() }]);
      expect(a.Properties?.OKActions, id).toEqual([{ Ref: topicId() }]);
    }
  });
});

describe('alarms', () => {
  it('API: more than 5% of answers are 5xx in 5 minutes (metric math over AWS/ApiGateway 5xx and Count)', () => {
    const a = alarm('Api5xxRate');
    expect(a).toMatchObject({ Threshold: 5, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    const metrics = a.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: { Metric: unknown; Period: number };
    }[];
    expect(metrics.find((m) => m.Expression)?.Expression).toBe('IF(requests > 0, 100 * errors / requests, 0)');
    const api = { Name: 'ApiId', Value: { Ref: dev.logicalId(dev.stack.api.node.defaultChild) } };
    expect(metrics.find((m) => m.Id === 'errors')?.MetricStat).toMatchObject({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5xx', Dimensions: [api] },
      Period: 300,
    });
    expect(metrics.find((m) => m.Id === 'requests')?.MetricStat?.Metric).toMatchObject({ MetricName: 'Count' });
  });

  it('Lambdas: any error, any throttle, for each function', () => {
    for (const name of ALL_FUNCTIONS) {
      for (const metric of ['Errors', 'Throttles']) {
        expect(alarm(`${name}-${metric}`), name).toMatchObject({
          Namespace: 'AWS/Lambda',
          MetricName: metric,
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: dev.functionId(name) } }],
          Statistic: 'Sum',
          Period: 300,
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
        });
      }
    }
  });

  it('table stream consumers: a change read more than 2 minutes after it was written', () => {
    expect(STREAM_FUNCTIONS.length).toBe(4);
    for (const name of STREAM_FUNCTIONS) {
      expect(alarm(`${name}-IteratorAge`), name).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'IteratorAge',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: dev.functionId(name) } }],
        Statistic: 'Maximum',
        Period: 300,
        Threshold: 120_000,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    }
  });

  it('DynamoDB: any read or write throttle event of the table and of each index', () => {
    const tableRef = { Ref: dev.logicalId(dev.stack.table.node.defaultChild) };
    for (const [suffix, index] of [
      ['TableThrottles', undefined],
      ...INDEX_LIST.map((i) => [`${i.name}-Throttles`, i.name]),
    ]) {
      const a = alarm(suffix as string);
      expect(a.Threshold, suffix).toBe(1);
      const stats = (a.Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: unknown[] } } }[])
        .map((m) => m.MetricStat?.Metric)
        .filter(Boolean);
      const dimensions = [
        { Name: 'TableName', Value: tableRef },
        ...(index ? [{ Name: 'GlobalSecondaryIndexName', Value: index }] : []),
      ];
      const sameDimensions = expect.toSatisfy(
        (given: unknown[]) =>
          given.length === dimensions.length && expect.arrayContaining(dimensions).asymmetricMatch(given),
      );
      expect(stats, suffix).toEqual([
        { Namespace: 'AWS/DynamoDB', MetricName: 'ReadThrottleEvents', Dimensions: sameDimensions },
        { Namespace: 'AWS/DynamoDB', MetricName: 'WriteThrottleEvents', Dimensions: sameDimensions },
      ]);
    }
  });

  it('publisher: any failed article, any run in its dead-letter queue', () => {
    expect(alarm('PublishFailures')).toMatchObject({
      ...custom(METRIC.publishFailures),
      Statistic: 'Sum',
      Threshold: 1,
    });
    expect(alarm('PublisherDeadLetters')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId('PublisherFailures'), 'QueueName'] } }],
      Threshold: 1,
    });
    expect(alarm('NameSyncDeadLetters')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId('NameSyncFailures'), 'QueueName'] } }],
    });
  });

  it('publisher lag: an article over 2 minutes late, and no figure at all (the publisher stopped) alarms too', () => {
    expect(alarm('PublisherLag')).toMatchObject({
      ...custom(METRIC.publisherLag),
      Statistic: 'Maximum',
      Threshold: PUBLISHER_LAG_ALARM_SECONDS,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'breaching',
    });
    expect(PUBLISHER_LAG_ALARM_SECONDS).toBe(120);
  });

  it('sign-in: 25 refused sign-ins in 5 minutes', () => {
    expect(alarm('SignInFailures')).toMatchObject({
      ...custom(METRIC.signInFailures),
      Statistic: 'Sum',
      Threshold: 25,
    });
  });
});

describe('the publisher’s retries and dead-letter queue', () => {
  it('keeps failed runs 14 days in an encrypted, TLS-only queue EventBridge may write to', () => {
    const id = queueId('PublisherFailures');
    expect(dev.props(id)).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
    dev.expectTlsOnlyPolicy({ queue: id }, 'events.amazonaws.com', 'sqs:SendMessage');
  });

  it('retries a failed run twice within 10 minutes, then sends it there (EventBridge and Lambda alike)', () => {
    const queueArn = { 'Fn::GetAtt': [queueId('PublisherFailures'), 'Arn'] };
    dev.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [dev.functionId(PUBLISHER), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 600 },
          DeadLetterConfig: { Arn: queueArn },
        }),
      ],
    });
    dev.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: dev.functionId(PUBLISHER) },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 600,
      DestinationConfig: { OnFailure: { Destination: queueArn } },
    });
    const sends = dev.statementsOf(PUBLISHER).filter((st) => JSON.stringify(st.Action).includes('sqs:SendMessage'));
    expect(sends.map((st) => st.Resource)).toEqual([queueArn]);
  });
});

describe('the dashboard', () => {
  type Widget = {
    type: string;
    width: number;
    properties: { title?: string; metrics?: unknown[][]; alarms?: unknown[] };
  };
  const widgets = (): Widget[] => {
    const [[, dashboard] = []] = dev.ofType('AWS::CloudWatch::Dashboard');
    const body = dashboard?.Properties?.DashboardBody as { 'Fn::Join': [string, unknown[]] };
    // Tokens (function names, ARNs) stand inside JSON strings: any text keeps the JSON valid.
    const text = body['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : 'TOKEN')).join('');
    return (JSON.parse(text) as { widgets: Widget[] }).widgets;
  };
  const titled = (title: string) => widgets().find((w) => w.properties.title === title);
  const metricNames = (w: Widget | undefined) => JSON.stringify(w?.properties.metrics ?? []);
  /** A graph's metrics as rendered: [namespace, name, dimension, value, …, options]. */
  const metricsOf = (w: Widget | undefined) =>
    (w?.properties.metrics ?? []).map((entry) => {
      const options = (typeof entry.at(-1) === 'object' ? entry.at(-1) : {}) as Record<string, unknown>;
      const [namespace, name, ...rest] = entry.filter((part) => typeof part === 'string') as string[];
      const dimensions = Object.fromEntries(rest.flatMap((v, i) => (i % 2 === 0 ? [[v, rest[i + 1]]] : [])));
      return { namespace, name, dimensions, ...options };
    });

  it('is named after the stack and shows every alarm', () => {
    dev.template.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: dev.stack.stackName });
    expect(titled('Alarms')?.properties.alarms).toHaveLength(dev.ofType('AWS::CloudWatch::Alarm').length);
  });

  it('shows the golden signals of every route: requests, latency p50 and p99, 4xx and 5xx', () => {
    const all = widgets();
    for (const lambda of LAMBDAS) {
      for (const title of ['requests', 'latency p50 (ms)', 'latency p99 (ms)', 'errors (4xx, 5xx)']) {
        expect(
          all.some((w) => w.properties.title === `${lambda}: ${title}`),
          `${lambda}: ${title}`,
        ).toBe(true);
      }
    }
    for (const route of ROUTES) {
      const id = routeId(route);
      const ofRoute = (title: string) => metricsOf(titled(`${route.lambda}: ${title}`));
      const metric = (name: string, stat: string) =>
        expect.objectContaining({
          namespace: METRICS_NAMESPACE,
          name,
          dimensions: { service: SERVICE_NAME, Route: id },
          stat,
        });
      expect(ofRoute('requests'), id).toContainEqual(metric(METRIC.requests, 'Sum'));
      expect(ofRoute('latency p50 (ms)'), id).toContainEqual(metric(METRIC.latency, 'p50'));
      expect(ofRoute('latency p99 (ms)'), id).toContainEqual(metric(METRIC.latency, 'p99'));
      expect(ofRoute('errors (4xx, 5xx)'), id).toContainEqual(metric(METRIC.clientErrors, 'Sum'));
      expect(ofRoute('errors (4xx, 5xx)'), id).toContainEqual(metric(METRIC.serverErrors, 'Sum'));
    }
  });

  it('shows each Lambda’s errors, throttles and duration, the table and indexes, and the publisher', () => {
    for (const title of ['Errors', 'Throttles', 'Duration p99 (ms)']) {
      expect(titled(title)?.properties.metrics, title).toHaveLength(ALL_FUNCTIONS.length);
    }
    for (const title of ['Consumed read units', 'Consumed write units']) {
      expect(titled(title)?.properties.metrics, title).toHaveLength(1 + INDEX_LIST.length);
    }
    expect(metricNames(titled('Throttle events'))).toContain('WriteThrottleEvents');
    expect(metricNames(titled('Articles published, failures'))).toContain(METRIC.articlesPublished);
    expect(metricNames(titled('Articles published, failures'))).toContain(METRIC.publishFailures);
    expect(metricNames(titled('Lag (s, most overdue article)'))).toContain(METRIC.publisherLag);
    expect(metricNames(titled('Runs in PublisherFailures'))).toContain('ApproximateNumberOfMessagesVisible');
  });

  it('stays within CloudWatch’s limits (500 widgets, 2,500 metrics, 500 a graph) and the stack within 500 resources', () => {
    const all = widgets();
    expect(all.length).toBeLessThanOrEqual(500);
    const counts = all.map((w) => w.properties.metrics?.length ?? 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2500);
    expect(Math.max(...counts)).toBeLessThanOrEqual(500);
    // CloudFormation's limit per stack is 500; each new route costs two (its route and the Lambda's permission), a
    // Lambda about a dozen. The margin is 20: the next Lambda beyond it moves a part (the monitoring) to a nested stack.
    expect(Object.keys(dev.resources).length).toBeLessThan(480);
  });
});
