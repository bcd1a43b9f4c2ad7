/**
 * Every context value the stack reads (`-c name=value` on `cdk deploy`, or cdk.json), checked in one place, with
 * its default. infra/README.md → Deploy to AWS lists them in one table; tests/infra/context.test.ts checks each.
 */
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { LOG_LEVELS, type LogLevel } from '../../shared/metrics';

export interface DeployContext {
  /** `dev` is disposable (everything destroyed with the stack); any other stage keeps its data. */
  stage: string;
  /** Origins allowed to PUT to the media bucket with presigned URLs. */
  allowedOrigins: string[];
  /** POWERTOOLS_LOG_LEVEL of every Lambda. */
  logLevel: LogLevel;
  /** How long every log is kept: the Lambdas' and the API's log groups, and the access-log bucket. */
  logRetentionDays: logs.RetentionDays;
  /** Where alarms are e-mailed (an SNS e-mail subscription, confirmed from the first message). */
  alarmEmail?: string;
  /** The admin's own host name on CloudFront, with its certificate (ACM, in us-east-1). */
  customDomain?: { domainName: string; certificateArn: string };
  /** A WAF web ACL (scope CLOUDFRONT, so in us-east-1) to put in front of the distribution. */
  webAclArn?: string;
  /** The HTTP API's default-stage throttle: steady requests per second, and the burst above it. */
  apiRateLimit: number;
  apiBurstLimit: number;
  /**
   * The throttle of each route readers reach through the CDN (the delivery API's misses, ad decisions, beacons and
   * clicks, renditions), set on the route itself: a readers' spike is throttled apart from the newsroom's calls.
   */
  readerRateLimit: number;
  readerBurstLimit: number;
  /** Reserved concurrency for the functions that write the table in bulk (functions.ts → RESERVED_CONCURRENCY). */
  reservedConcurrency: boolean;
  /** Changed after rotating a secret: every function that reads one starts fresh, CloudFront re-reads its header. */
  secretsRevision?: string;
}

export const CONTEXT_DEFAULTS = {
  stage: 'dev',
  allowedOrigins: ['*'],
  logLevel: 'INFO',
  logRetentionDays: logs.RetentionDays.ONE_MONTH,
  apiRateLimit: 100,
  apiBurstLimit: 200,
  readerRateLimit: 1000,
  readerBurstLimit: 2000,
  reservedConcurrency: true,
} as const satisfies Partial<DeployContext>;

/** The retention periods CloudWatch Logs accepts, except "never expire". */
const RETENTIONS = Object.values(logs.RetentionDays).filter(
  (days): days is logs.RetentionDays => typeof days === 'number' && days !== logs.RetentionDays.INFINITE,
);

function invalid(name: string, value: unknown, expected: string): never {
  throw new Error(`Invalid context ${name}=${JSON.stringify(value)}: ${expected}`);
}

/** Reads and checks the context values of `node` (an App's), with their defaults. */
export function readContext(node: Node): DeployContext {
  const raw = (name: string): unknown => {
    const value: unknown = node.tryGetContext(name);
    return value === '' ? undefined : value;
  };
  const text = (name: string): string | undefined => {
    const value = raw(name);
    return value === undefined ? undefined : String(value).trim();
  };
  const positiveInteger = (name: string, fallback: number): number => {
    const value = raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    return Number.isInteger(parsed) && parsed > 0 ? parsed : invalid(name, value, 'a whole number above 0');
  };

  const stage = text('stage') ?? CONTEXT_DEFAULTS.stage;
  if (!/^[a-z][a-z0-9-]*$/.test(stage)) invalid('stage', stage, 'lower-case letters, digits and -');

  // From cdk.json a list, from the command line (`-c allowedOrigins=https://a,https://b`) a comma-separated string.
  const origins = raw('allowedOrigins') ?? CONTEXT_DEFAULTS.allowedOrigins;
  const allowedOrigins = (Array.isArray(origins) ? origins.map(String) : String(origins).split(','))
    .map((origin) => origin.trim())
    .filter(Boolean);

  const logLevel = (text('logLevel')?.toUpperCase() ?? CONTEXT_DEFAULTS.logLevel) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) invalid('logLevel', logLevel, `one of ${LOG_LEVELS.join(', ')}`);

  const logRetentionDays = positiveInteger('logRetentionDays', CONTEXT_DEFAULTS.logRetentionDays);
  if (!RETENTIONS.includes(logRetentionDays)) {
    invalid('logRetentionDays', logRetentionDays, `one of CloudWatch's periods: ${RETENTIONS.join(', ')}`);
  }

  const alarmEmail = text('alarmEmail');
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
    invalid('alarmEmail', alarmEmail, 'an e-mail address');
  }

  const domainName = text('domainName')?.toLowerCase();
  const certificateArn = text('certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    invalid(domainName ? 'certificateArn' : 'domainName', undefined, 'domainName and certificateArn go together');
  }
  if (domainName !== undefined && !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(domainName)) {
    invalid('domainName', domainName, 'a host name such as admin.example.com');
  }
  // CloudFront only takes certificates from ACM in us-east-1, whatever the stack's own region.
  if (
    certificateArn !== undefined &&
    !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)
  ) {
    invalid('certificateArn', certificateArn, 'an ACM certificate ARN in us-east-1 (CloudFront uses no other region)');
  }

  const webAclArn = text('webAclArn');
  if (webAclArn !== undefined && !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/.test(webAclArn)) {
    invalid(
      'webAclArn',
      webAclArn,
      'a WAFv2 web ACL ARN of scope CLOUDFRONT (arn:aws:wafv2:us-east-1:…:global/webacl/…)',
    );
  }

  const apiRateLimit = positiveInteger('apiRateLimit', CONTEXT_DEFAULTS.apiRateLimit);
  const apiBurstLimit = positiveInteger('apiBurstLimit', CONTEXT_DEFAULTS.apiBurstLimit);
  const readerRateLimit = positiveInteger('readerRateLimit', CONTEXT_DEFAULTS.readerRateLimit);
  const readerBurstLimit = positiveInteger('readerBurstLimit', CONTEXT_DEFAULTS.readerBurstLimit);

  const reserved = raw('reservedConcurrency') ?? CONTEXT_DEFAULTS.reservedConcurrency;
  if (!['true', 'false'].includes(String(reserved))) invalid('reservedConcurrency', reserved, 'true or false');

  const secretsRevision = text('secretsRevision');
  if (secretsRevision !== undefined && !/^[\w.-]{1,64}$/.test(secretsRevision)) {
    invalid('secretsRevision', secretsRevision, 'up to 64 letters, digits, _ . -');
  }

  return {
    stage,
    allowedOrigins,
    logLevel,
    logRetentionDays,
    alarmEmail,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    webAclArn,
    apiRateLimit,
    apiBurstLimit,
    readerRateLimit,
    readerBurstLimit,
    reservedConcurrency: String(reserved) === 'true',
    secretsRevision,
  };
}
