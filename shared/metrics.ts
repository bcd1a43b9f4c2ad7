/**
 * The operational metrics the Lambdas emit (CloudWatch embedded metric format, through Powertools Metrics) and the
 * stack's alarms and dashboard read. One home for their names and dimensions, so an alarm can never watch a
 * metric nobody writes.
 */

/** The CloudWatch namespace of every custom metric. */
export const METRICS_NAMESPACE = 'AdminPortal';

/** POWERTOOLS_SERVICE_NAME of every Lambda: the `service` dimension every metric carries. */
export const SERVICE_NAME = 'admin-portal';

/** Powertools Logger's levels: the stack's `logLevel` context value and the Lambdas' POWERTOOLS_LOG_LEVEL. */
export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Dimension names besides `service`. */
export const METRIC_DIMENSION = {
  /** A route id as in the route table: `GET /user/me`. */
  route: 'Route',
  /** An HttpError kind: `BadRequest`, `Forbidden`, `InternalError`… */
  errorKind: 'ErrorKind',
} as const;

/**
 * Metric names. Dimensions: those marked per route carry { service, Route }; `errors` carries { service, ErrorKind };
 * every other one carries { service } only.
 */
export const METRIC = {
  /** Count, per route: every API request answered. */
  requests: 'Requests',
  /** Milliseconds, per route: time from the request to its answer. */
  latency: 'Latency',
  /** Count, per route: answers with a 4xx status. */
  clientErrors: 'ClientErrors',
  /** Count, per route: answers with a 5xx status. */
  serverErrors: 'ServerErrors',
  /** Count, per ErrorKind: every error answer, by its kind. */
  errors: 'Errors',
  /** Count: sign-in attempts refused (wrong password, unknown email, locked, wrong second factor). */
  signInFailures: 'SignInFailures',
  /** Count: sessions ended because a refresh cookie was used again after it had been replaced (a copy in other hands). */
  refreshReused: 'RefreshReused',
  /** Count: uploads the server checked and accepted. */
  uploadsVerified: 'UploadsVerified',
  /** Count: uploads the server checked and refused (wrong type, size, content). */
  uploadsRejected: 'UploadsRejected',
  /** Count: Scheduled articles the publisher made Published. */
  articlesPublished: 'ArticlesPublished',
  /** Count: Scheduled articles the publisher failed to publish (each is retried on its next run). */
  publishFailures: 'PublishFailures',
  /** Seconds: how late the most overdue Scheduled article was when a publisher run saw it (0 when none). */
  publisherLag: 'PublisherLagSeconds',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];

/** A Scheduled article later than this is an alarm (issue: more than 2 minutes late). */
export const PUBLISHER_LAG_ALARM_SECONDS = 120;
