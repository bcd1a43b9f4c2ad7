/**
 * Logs, metrics and traces (functions/README.md → Logs, metrics and traces): one Logger, one Metrics and one Tracer
 * of Powertools for AWS Lambda, made on first use, and the middlewares lib/http.ts and the background Lambdas use.
 * Metric names and dimensions come from shared/metrics.ts, which the stack's alarms and dashboard read too.
 *
 * Nothing here reads headers, cookies or bodies, and the event is never logged (logEvent: false), so no token,
 * cookie, password, code or secret can reach a log line. Errors are logged as name, message and stack only:
 * an SDK error's other fields can hold an item.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import {
  LOG_LEVELS,
  type LogLevel,
  METRIC,
  METRIC_DIMENSION,
  METRICS_NAMESPACE,
  type MetricName,
  SERVICE_NAME,
} from '../../shared/metrics';

/** POWERTOOLS_LOG_LEVEL, else LOG_LEVEL (`silent` in the tests, `error` in e2e), in either case; else INFO. */
function levelFromEnvironment(): LogLevel {
  const value = (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || '').toUpperCase();
  return (LOG_LEVELS as readonly string[]).includes(value) ? (value as LogLevel) : 'INFO';
}

interface Tools {
  logger: Logger;
  /** Buffered and flushed by logMetrics at the end of each invocation: per-route metrics, the publisher's. */
  metrics: Metrics;
  /** Published as it is added, one EMF line each: events (sign-in refusals, checked uploads, errors by kind). */
  events: Metrics;
  tracer: Tracer;
}

let made: Tools | undefined;

/**
 * Made on first use, not at import, so they read the environment the Lambda (or the local stack, which sets its
 * defaults before it loads a handler) runs with. Service and namespace are fixed here, not read from the
 * environment. Outside Lambda the Tracer is off by itself (no AWS_EXECUTION_ENV); POWERTOOLS_METRICS_DISABLED
 * or POWERTOOLS_DEV turns the EMF lines off.
 */
function tools(): Tools {
  if (!made) {
    const logger = new Logger({ serviceName: SERVICE_NAME, logLevel: levelFromEnvironment() });
    const metricsOptions = { namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME, logger };
    made = {
      logger,
      metrics: new Metrics(metricsOptions),
      events: new Metrics({ ...metricsOptions, singleMetric: true }),
      tracer: new Tracer({ serviceName: SERVICE_NAME }),
    };
  }
  return made;
}

export const logger = (): Logger => tools().logger;
export const tracer = (): Tracer => tools().tracer;

/** One occurrence of an event metric, dimensions { service } only; `ErrorKind` is added by the request line. */
export function countEvent(name: MetricName): void {
  tools().events.addMetric(name, MetricUnit.Count, 1);
}

/** A figure of this invocation, dimensions { service } only, flushed with the others at its end (logMetrics). */
export function addMetric(name: MetricName, unit: 'Count' | 'Seconds', value: number): void {
  tools().metrics.addMetric(name, unit === 'Count' ? MetricUnit.Count : MetricUnit.Seconds, value);
}

/** An error as a log line may hold it: what and where, nothing an SDK error carries beside (items, requests). */
export function errorFields(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'NonError', message: String(error) };
}

/** What the request line and the metrics need to know of one API request, found along the way. */
interface RequestNote {
  /** The route id (`GET /user/me`), or `$default` for a path of no route of this Lambda. */
  route: string;
  userId?: string;
  /** The HttpError kind of an error answer. */
  errorKind?: string;
  context?: Context;
  startedAt?: number;
}

const NO_ROUTE = '$default';
const notes = new WeakMap<object, RequestNote>();

function noteOf(event: object): RequestNote {
  let note = notes.get(event);
  if (!note) {
    note = { route: NO_ROUTE };
    notes.set(event, note);
  }
  return note;
}

/** The router found the request's route: it names the request line, its metrics and the invocation's log lines. */
export function noteRoute(event: object, route: string): void {
  noteOf(event).route = route;
  tools().logger.appendKeys({ route });
}

/** The gate admitted a signed-in user. */
export function noteUser(event: object, userId: string): void {
  noteOf(event).userId = userId;
  tools().logger.appendKeys({ userId });
}

/**
 * An error answer of this request, by kind (counted as `Errors`). An unknown error is logged with its stack and
 * marked on the trace; an HttpError is the API answering as designed, so only a 5xx one is logged (as a warning).
 */
export function noteError(event: object, kind: string, error?: unknown, status?: number): void {
  const note = noteOf(event);
  note.errorKind = kind;
  const { logger, tracer } = tools();
  const where = { route: note.route, ...(note.userId ? { userId: note.userId } : {}) };
  ownContext(logger, note.context);
  if (error !== undefined) {
    logger.error('unhandled error', { ...where, error: errorFields(error) });
    tracer.addErrorAsMetadata(error instanceof Error ? error : new Error(String(error)));
  } else if (status !== undefined && status >= 500) logger.warn('request refused', { ...where, status, kind });
}

/**
 * The local gateway runs concurrent requests in one process, through one Logger: a line written after an await
 * re-reads its own invocation's context so it carries its own request id. Not in Lambda, which runs one
 * invocation at a time: there a second addContext would turn the cold-start flag off. Lambda sets
 * AWS_LAMBDA_FUNCTION_NAME whatever the initialization (on demand, provisioned, SnapStart); the local stack never.
 */
function ownContext(logger: Logger, context: Context | undefined): void {
  if (context?.awsRequestId && !process.env.AWS_LAMBDA_FUNCTION_NAME) logger.addContext(context);
}

/** The request line (route, status, latency, user) and the per-route metrics, at the end of every request. */
function requestLine(): middy.MiddlewareObj<object, { statusCode?: number } | undefined, Error, Context> {
  const finish = (event: object, status: number) => {
    const { logger, metrics, events } = tools();
    const note = noteOf(event);
    const latencyMs = Math.round((performance.now() - (note.startedAt ?? performance.now())) * 10) / 10;
    ownContext(logger, note.context);
    logger.info('request', { route: note.route, status, latencyMs, ...(note.userId ? { userId: note.userId } : {}) });
    metrics.addDimension(METRIC_DIMENSION.route, note.route);
    metrics.addMetric(METRIC.requests, MetricUnit.Count, 1);
    metrics.addMetric(METRIC.latency, MetricUnit.Milliseconds, latencyMs);
    metrics.addMetric(METRIC.clientErrors, MetricUnit.Count, status >= 400 && status < 500 ? 1 : 0);
    metrics.addMetric(METRIC.serverErrors, MetricUnit.Count, status >= 500 ? 1 : 0);
    if (note.errorKind) {
      events.addDimension(METRIC_DIMENSION.errorKind, note.errorKind);
      events.addMetric(METRIC.errors, MetricUnit.Count, 1);
    }
  };
  return {
    before: (request) => {
      const note = noteOf(request.event);
      note.context = request.context;
      note.startedAt = performance.now();
    },
    after: (request) => finish(request.event, request.response?.statusCode ?? 200),
    // Only a middleware's own failure gets here (lib/http.ts answers every error of the route itself).
    onError: (request) => {
      noteError(request.event, 'InternalError', request.error);
      finish(request.event, 500);
    },
  };
}

/**
 * The API's middlewares, outermost first: the Logger's invocation context (request id, cold start), the trace of
 * the handler (never its response: a sign-in answers with a token), the metrics flush, then the request line,
 * whose `after` therefore runs before the flush.
 */
export function apiMiddlewares() {
  const { logger, metrics, tracer } = tools();
  return [
    injectLambdaContext(logger, { logEvent: false, resetKeys: true }),
    captureLambdaHandler(tracer, { captureResponse: false }),
    logMetrics(metrics),
    requestLine(),
  ];
}

/**
 * A background Lambda (publisher, sweepers, name-sync) with the same Logger context and trace; `flushMetrics`
 * for one that adds figures each run (logMetrics would warn on every run of one that adds none).
 */
export function backgroundHandler<E, R>(
  run: (event: E) => Promise<R>,
  flushMetrics = false,
): (event: E, context?: Context) => Promise<R> {
  const { logger, metrics, tracer } = tools();
  const handler = middy<E, R, Error, Context>()
    .use(injectLambdaContext(logger, { logEvent: false, resetKeys: true }))
    .use(captureLambdaHandler(tracer, { captureResponse: false }));
  if (flushMetrics) handler.use(logMetrics(metrics));
  handler.handler((event) => run(event));
  // Lambda always passes a context; tests calling the handler with an event alone get an empty one.
  return (event, context) => handler(event, context ?? ({} as Context));
}
