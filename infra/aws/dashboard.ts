/**
 * The CloudWatch dashboard (infra/README.md → Dashboard): the alarms, the golden signals of every route from the
 * Lambdas' own metrics (shared/metrics.ts), each Lambda, the table, and the publisher.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { INDEX_LIST } from '../../functions/lib/db/table';
import { LAMBDAS, routeId, routesOf } from '../../shared/api';
import {
  METRIC,
  METRIC_DIMENSION,
  METRICS_NAMESPACE,
  type MetricName,
  PUBLISHER_LAG_ALARM_SECONDS,
  SERVICE_NAME,
} from '../../shared/metrics';
import type { FunctionName } from './functions';
import { ALARM_PERIOD, api5xxRate, customMetric, throttleEvents } from './monitoring';

export interface DashboardParts {
  functions: ReadonlyMap<FunctionName, lambda.Function>;
  api: HttpApi;
  table: dynamodb.Table;
  publisherFailures: sqs.Queue;
  alarms: cw.IAlarm[];
}

const PERIOD = Duration.minutes(1);
const WIDE = 24;

function graph(title: string, left: cw.IMetric[], props: Partial<cw.GraphWidgetProps> = {}): cw.GraphWidget {
  return new cw.GraphWidget({ title, left, width: 6, height: 6, period: PERIOD, ...props });
}

/** One row a resource: its routes' requests, p50 and p99 latency, and 4xx and 5xx answers (per route). */
function routeRows(): cw.IWidget[][] {
  return LAMBDAS.map((lambda) => {
    const routes = routesOf(lambda).map((route) => routeId(route));
    const perRoute = (metricName: MetricName, statistic: string, label: (id: string) => string = (id) => id) =>
      routes.map((id) =>
        customMetric(metricName, statistic, { [METRIC_DIMENSION.route]: id }, PERIOD).with({ label: label(id) }),
      );
    return [
      graph(`${lambda}: requests`, perRoute(METRIC.requests, 'Sum')),
      graph(`${lambda}: latency p50 (ms)`, perRoute(METRIC.latency, 'p50')),
      graph(`${lambda}: latency p99 (ms)`, perRoute(METRIC.latency, 'p99')),
      graph(`${lambda}: errors (4xx, 5xx)`, [
        ...perRoute(METRIC.clientErrors, 'Sum', (id) => `4xx ${id}`),
        ...perRoute(METRIC.serverErrors, 'Sum', (id) => `5xx ${id}`),
      ]),
    ];
  });
}

export function addDashboard(
  stack: Stack,
  { functions, api, table, publisherFailures, alarms }: DashboardParts,
): cw.Dashboard {
  const lambdas = [...functions];
  const perLambda = (title: string, metric: (fn: lambda.Function) => cw.Metric) =>
    new cw.GraphWidget({
      title,
      left: lambdas.map(([name, fn]) => metric(fn).with({ label: name, period: PERIOD })),
      width: 8,
      height: 6,
      period: PERIOD,
    });
  const capacity = (metricName: string) => [
    table.metric(metricName, { statistic: 'Sum', period: PERIOD, label: 'table' }),
    ...INDEX_LIST.map(
      (index) =>
        new cw.Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap: { TableName: table.tableName, GlobalSecondaryIndexName: index.name },
          statistic: 'Sum',
          period: PERIOD,
          label: index.name,
        }),
    ),
  ];
  const heading = (markdown: string) => new cw.TextWidget({ markdown, width: WIDE, height: 1 });

  const dashboard = new cw.Dashboard(stack, 'Dashboard', {
    dashboardName: Stack.of(stack).stackName,
    defaultInterval: Duration.hours(3),
  });
  dashboard.addWidgets(new cw.AlarmStatusWidget({ title: 'Alarms', alarms, width: WIDE, height: 4 }));

  dashboard.addWidgets(heading('## API (API Gateway, all routes)'));
  dashboard.addWidgets(
    graph('Requests', [api.metricCount({ statistic: 'Sum', period: PERIOD })]),
    graph('4xx and 5xx', [
      api.metricClientError({ statistic: 'Sum', period: PERIOD }),
      api.metricServerError({ statistic: 'Sum', period: PERIOD }),
    ]),
    graph('5xx rate (%)', [api5xxRate(api)], { period: ALARM_PERIOD }),
    graph('Latency p99 (ms)', [
      api.metricLatency({ statistic: 'p99', period: PERIOD }),
      api.metricIntegrationLatency({ statistic: 'p99', period: PERIOD }),
    ]),
  );

  dashboard.addWidgets(heading('## Routes (the Lambdas’ own metrics, per route)'));
  for (const row of routeRows()) dashboard.addWidgets(...row);
  dashboard.addWidgets(
    graph(
      'Error answers by kind',
      [
        new cw.MathExpression({
          expression: `SEARCH('{${METRICS_NAMESPACE},service,${METRIC_DIMENSION.errorKind}} MetricName="${METRIC.errors}" service="${SERVICE_NAME}"', 'Sum', 60)`,
          label: '',
          period: PERIOD,
        }),
      ],
      { width: 12 },
    ),
    graph('Sign-ins refused', [customMetric(METRIC.signInFailures, 'Sum', {}, PERIOD)]),
    graph('Uploads checked', [
      customMetric(METRIC.uploadsVerified, 'Sum', {}, PERIOD).with({ label: 'accepted' }),
      customMetric(METRIC.uploadsRejected, 'Sum', {}, PERIOD).with({ label: 'refused' }),
    ]),
  );

  dashboard.addWidgets(heading('## Lambdas'));
  dashboard.addWidgets(
    perLambda('Errors', (fn) => fn.metricErrors({ statistic: 'Sum' })),
    perLambda('Throttles', (fn) => fn.metricThrottles({ statistic: 'Sum' })),
    perLambda('Duration p99 (ms)', (fn) => fn.metricDuration({ statistic: 'p99' })),
  );

  dashboard.addWidgets(heading('## DynamoDB (table and indexes)'));
  dashboard.addWidgets(
    graph('Consumed read units', capacity('ConsumedReadCapacityUnits'), { width: 8 }),
    graph('Consumed write units', capacity('ConsumedWriteCapacityUnits'), { width: 8 }),
    graph('Throttle events', [throttleEvents(table), ...INDEX_LIST.map((index) => throttleEvents(table, index.name))], {
      width: 8,
      period: ALARM_PERIOD,
    }),
  );

  dashboard.addWidgets(heading('## Publisher'));
  dashboard.addWidgets(
    graph(
      'Articles published, failures',
      [
        customMetric(METRIC.articlesPublished, 'Sum', {}, PERIOD).with({ label: 'published' }),
        customMetric(METRIC.publishFailures, 'Sum', {}, PERIOD).with({ label: 'failed' }),
      ],
      { width: 8 },
    ),
    graph('Lag (s, most overdue article)', [customMetric(METRIC.publisherLag, 'Maximum', {}, PERIOD)], {
      width: 8,
      leftAnnotations: [{ value: PUBLISHER_LAG_ALARM_SECONDS, label: 'alarm', color: cw.Color.RED }],
    }),
    graph(
      'Runs in PublisherFailures',
      [publisherFailures.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: ALARM_PERIOD })],
      { width: 8 },
    ),
  );
  return dashboard;
}
