/**
 * The delivery API's AWS side (infra/README.md → Delivery API at the edge): CloudFront's `/content/v1/*` behaviour
 * with its cache and origin request policies, the content-key check at the edge (a CloudFront Function and its
 * KeyValueStore, kept in step by the edge-keys Lambda), the per-key rate limit (WAF), and the background of
 * content changes: the content-changes consumer of the table stream, the invalidation queue and its
 * cdn-invalidator, the webhook queue and its webhook-delivery consumer.
 */
import { CfnOutput, Duration, type RemovalPolicy, type Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambdaCore from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { CONTENT_SOURCES, type ContentSource } from '../../functions/content-changes/sources';
import { KEY_ITEM } from '../../functions/edge-keys/sync';
import { CONTENT_BASE, CONTENT_KEY_HEADER, VIEWER_ADDRESS_HEADER } from '../../shared/addresses';
import { CONTENT_KEY } from '../../shared/constants';
import { API_SECURITY_HEADERS } from '../../shared/security-headers';
import { deadLetterQueue } from './background-jobs';
import { CONTENT_CORS, contentKeyCheckCode } from './content-key-check';
import { CDN_INVALIDATOR, CONTENT_CHANGES, EDGE_KEYS, type FunctionName, WEBHOOK_DELIVERY } from './functions';
import type { MakeLambda } from './lambdas';
import { acknowledge } from './nag';
import { responseHeadersPolicy } from './response-headers';

/** The delivery API's path pattern in CloudFront: the route table's paths as they are, nothing stripped. */
export const CONTENT_PATH_PATTERN = `${CONTENT_BASE}/*`;

/** How long CloudFront may keep an answer at most: the origin's Cache-Control decides within it. */
export const CONTENT_MAX_TTL = Duration.days(1);

/** The invalidation queue's batching: our side of a purge takes about 10 s (the stream, this window, the call). */
export const INVALIDATION_BATCH = { size: 100, windowSeconds: 5, maxReceiveCount: 10 } as const;

/** Webhook deliveries: each attempt waits at most WEBHOOK.timeoutMs (5 s), a batch's attempts all at once. */
export const WEBHOOK_BATCH = { size: 10, windowSeconds: 1, maxReceiveCount: 5 } as const;

/**
 * Lambda takes 5 event filters per mapping unless a quota is raised, so the content sources are packed into at
 * most this many patterns (contentFilterPatterns).
 */
export const MAX_EVENT_FILTERS = 5;

/** A dead-letter queue the alarms watch (monitoring.ts), named in its alarm. */
export interface DeadLetterWatch {
  id: string;
  queue: sqs.Queue;
  description: string;
}

export interface DeliveryParts {
  lambda: MakeLambda;
  table: dynamodb.Table;
  functions: ReadonlyMap<FunctionName, lambdaCore.Function>;
  removalPolicy: RemovalPolicy;
  stage: string;
  /** The context's web ACL (context.ts), which the stack cannot change: the rate rule is then the operator's. */
  webAclArn: string | undefined;
}

export interface Delivery {
  /** CloudFront behaviours to the HTTP API's origin (web-hosting.ts apiBehaviors). */
  behaviors: Record<string, Omit<cloudfront.BehaviorOptions, 'origin'>>;
  /** The distribution's web ACL: the context's, else the one made here (in us-east-1 only), else none. */
  webAclArn: string | undefined;
  keyStore: cloudfront.KeyValueStore;
  invalidations: sqs.Queue;
  invalidationFailures: sqs.Queue;
  webhooks: sqs.Queue;
  /** Every dead-letter queue made here, for the alarms. */
  deadLetters: DeadLetterWatch[];
}

/**
 * The content sources as Lambda event filters, at most MAX_EVENT_FILTERS: sources are grouped by their pk prefix
 * (one filter matches several sk), then groups are merged. A merged filter also matches a prefix of one source
 * with the sk of another (no such item exists today); the handler checks each record's source (sources.ts
 * sourceOf), so such a record only costs an invocation.
 */
export function contentFilterPatterns(
  sources: readonly ContentSource[] = CONTENT_SOURCES,
  max = MAX_EVENT_FILTERS,
): { prefixes: string[]; sks: string[] }[] {
  const byPrefix = new Map<string, Set<string>>();
  for (const source of sources)
    byPrefix.set(source.pkPrefix, (byPrefix.get(source.pkPrefix) ?? new Set()).add(source.sk));
  const groups = [...byPrefix].map(([prefix, sks]) => ({ prefixes: [prefix], sks: [...sks] }));
  const packed: { prefixes: string[]; sks: string[] }[] = [];
  groups.forEach((group, i) => {
    const into = packed[i % max];
    if (!into) packed.push({ prefixes: [...group.prefixes], sks: [...group.sks] });
    else {
      into.prefixes.push(...group.prefixes);
      into.sks.push(...group.sks.filter((sk) => !into.sks.includes(sk)));
    }
  });
  return packed;
}

/** Keys of the table's items whose pk starts with one of `prefixes` and whose sk is one of `sks`. */
const keysFilter = (prefixes: readonly string[], sks: readonly string[]) =>
  lambdaCore.FilterCriteria.filter({
    dynamodb: {
      Keys: {
        pk: { S: prefixes.map((prefix) => ({ prefix })) },
        sk: { S: [...sks] },
      },
    },
  });

/** What a request over the key's rate is answered (the API's error shape), when the web ACL is the stack's. */
export const RATE_LIMITED_BODY = JSON.stringify({
  message: { msg: 'TooManyRequests: Too many requests with this content API key; please slow down' },
});
const RATE_LIMITED_BODY_KEY = 'content-rate-limited';

/**
 * WAF's rate-based rule for the delivery API: requests with one `x-content-key` value (the header is the custom
 * aggregation key, so each key has its own count; a request without the header is not counted, and the key check
 * refuses it) over CONTENT_KEY.ratePerFiveMinutes in 5 minutes are answered 429 until the rate falls back.
 * `bodyKey` names a custom response body of the web ACL (only the stack's own has one).
 */
export function contentRateRule(priority: number, bodyKey?: string): wafv2.CfnWebACL.RuleProperty {
  return {
    name: 'ContentKeyRate',
    priority,
    statement: {
      rateBasedStatement: {
        limit: CONTENT_KEY.ratePerFiveMinutes,
        evaluationWindowSec: 300,
        aggregateKeyType: 'CUSTOM_KEYS',
        customKeys: [{ header: { name: CONTENT_KEY_HEADER, textTransformations: [{ priority: 0, type: 'NONE' }] } }],
        scopeDownStatement: {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: `${CONTENT_BASE}/`,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          ...(bodyKey ? { customResponseBodyKey: bodyKey } : {}),
          responseHeaders: [{ name: 'access-control-allow-origin', value: CONTENT_CORS.allowOrigin }],
        },
      },
    },
    visibilityConfig: { sampledRequestsEnabled: true, cloudWatchMetricsEnabled: true, metricName: 'ContentKeyRate' },
  };
}

/** A CloudFormation-style property tree as the WAF API and console JSON spell it (PascalCase keys). */
function pascal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pascal);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k === 'uriPath' ? 'UriPath' : k.charAt(0).toUpperCase() + k.slice(1),
        pascal(v),
      ]),
    );
  }
  return value;
}

/** The rule as JSON for a web ACL the stack does not own (`aws wafv2 update-web-acl`, or the console's rule JSON editor). */
export const contentRateRuleJson = (priority = 0): string => JSON.stringify(pascal(contentRateRule(priority)));

/** The edge, the queues and the stream consumers; call it after the route Lambdas are made, before the distribution. */
export function addDelivery(stack: Stack, parts: DeliveryParts): Delivery {
  const { lambda, table, functions, removalPolicy, stage } = parts;
  const deadLetters: DeadLetterWatch[] = [];
  const dlq = (id: string, holds: string, description: string, ofQueue = false) => {
    const queue = deadLetterQueue(stack, id, removalPolicy, holds, ofQueue);
    deadLetters.push({ id: id.replace(/Failures$/, 'DeadLetters'), queue, description });
    return queue;
  };
  const streamReason =
    "Called by the table stream's mapping, whose on-failure destination is its dead-letter queue; a function DLQ serves only asynchronous calls.";
  const iamReason =
    'X-Ray (active tracing) and dynamodb:ListStreams, which the stream mapping needs, have no resource-level permissions.';

  // The edge: the key check's store and function.
  const keyStore = new cloudfront.KeyValueStore(stack, 'ContentKeyStore', {
    comment: `Admin Portal (${stage}): live content API keys, id to SHA-256 of the key`,
  });
  new CfnOutput(stack, 'ContentKeyStoreArn', {
    description: 'The edge key store (infra/aws/backfill-edge-keys.ts fills it with the keys made before it)',
    value: keyStore.keyValueStoreArn,
  });
  const keyCheck = new cloudfront.Function(stack, 'ContentKeyCheck', {
    comment: 'Refuses delivery API requests without a live content key (401), before the cache',
    code: cloudfront.FunctionCode.fromInline(contentKeyCheckCode()),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    keyValueStore: keyStore,
  });

  const cachePolicy = new cloudfront.CachePolicy(stack, 'ContentCachePolicy', {
    comment:
      'Delivery API: the origin Cache-Control decides (0 s when it says nothing), all query strings, no header: one copy for every key',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: CONTENT_MAX_TTL,
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const originRequestPolicy = new cloudfront.OriginRequestPolicy(stack, 'ContentOriginRequestPolicy', {
    // The reader's address and browser: ad beacons and clicks count each reader once and no robot.
    comment: 'Delivery API: content key, query, reader address and user agent, body type; no cookie, not the Host',
    headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
      CONTENT_KEY_HEADER,
      VIEWER_ADDRESS_HEADER,
      'user-agent',
      'content-type',
    ),
    queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
    cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
  });
  const headers = responseHeadersPolicy(stack, 'ContentHeaders', 'Delivery API', API_SECURITY_HEADERS, {
    accessControlAllowOrigins: [CONTENT_CORS.allowOrigin],
    accessControlAllowMethods: [...CONTENT_CORS.allowMethods],
    accessControlAllowHeaders: [...CONTENT_CORS.allowHeaders],
    accessControlExposeHeaders: [...CONTENT_CORS.exposeHeaders],
    accessControlAllowCredentials: false,
    accessControlMaxAge: Duration.seconds(CONTENT_CORS.maxAgeSeconds),
    originOverride: true,
  });
  const behaviors = {
    [CONTENT_PATH_PATTERN]: {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // POST: the ad impression beacon (never cached: only GET and HEAD are).
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      cachePolicy,
      originRequestPolicy,
      responseHeadersPolicy: headers,
      compress: true,
      // Only the key check: the /api behaviour's path rewrite never runs here.
      functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: keyCheck }],
    },
  };

  // The per-key rate limit. A CloudFront web ACL must be in us-east-1: the stack makes one only when it is there
  // itself and the context names none; otherwise the rule is the operator's to add (the ContentRateRule output).
  let webAclArn = parts.webAclArn;
  if (!webAclArn && stack.region === 'us-east-1') {
    const acl = new wafv2.CfnWebACL(stack, 'EdgeWebAcl', {
      scope: 'CLOUDFRONT',
      // WAF takes no parentheses in a description.
      description: `Admin Portal ${stage} - per-key rate limit of the delivery API`,
      defaultAction: { allow: {} },
      customResponseBodies: {
        [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY },
      },
      rules: [contentRateRule(0, RATE_LIMITED_BODY_KEY)],
      visibilityConfig: { sampledRequestsEnabled: true, cloudWatchMetricsEnabled: true, metricName: 'AdminPortalEdge' },
    });
    webAclArn = acl.attrArn;
  } else {
    new CfnOutput(stack, 'ContentRateRule', {
      description: `Add this rule to the distribution's web ACL (us-east-1, scope CLOUDFRONT) for the delivery API's per-key rate limit (infra/README.md → Delivery API at the edge)`,
      value: contentRateRuleJson(),
    });
  }

  // The queues. Invalidations: many small messages gathered for a few seconds; a message CloudFront keeps refusing
  // ends in InvalidationFailures after INVALIDATION_BATCH.maxReceiveCount receives.
  const invalidationFailures = dlq(
    'InvalidationFailures',
    'CDN invalidations CloudFront kept refusing',
    'Paths of the delivery API could not be purged from CloudFront after every retry: readers may see a stale copy until it expires (at most a day). Their message is in InvalidationFailures; send its paths again (infra/README.md → Delivery API at the edge).',
    true,
  );
  const invalidations = new sqs.Queue(stack, 'Invalidations', {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // Six times the invalidator's timeout, as Lambda advises for a queue it reads.
    visibilityTimeout: Duration.seconds(180),
    retentionPeriod: Duration.days(1),
    deadLetterQueue: { queue: invalidationFailures, maxReceiveCount: INVALIDATION_BATCH.maxReceiveCount },
    removalPolicy,
  });

  const webhookFailures = dlq(
    'WebhookFailures',
    'webhook deliveries that failed their whole schedule, or whose handling kept failing',
    'A webhook delivery failed every attempt of its schedule, or its handling kept failing; it is in WebhookFailures (infra/README.md → Delivery API at the edge).',
    true,
  );
  const webhooks = new sqs.Queue(stack, 'WebhookDeliveries', {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(180),
    deadLetterQueue: { queue: webhookFailures, maxReceiveCount: WEBHOOK_BATCH.maxReceiveCount },
    removalPolicy,
  });

  // The table stream's content changes: the published projection (PUB#), the CDN's purges and the webhooks.
  const contentChanges = lambda(CONTENT_CHANGES, 256, Duration.minutes(5), {
    TABLE_NAME: table.tableName,
    INVALIDATION_QUEUE_URL: invalidations.queueUrl,
    WEBHOOK_QUEUE_URL: webhooks.queueUrl,
  });
  table.grantStreamRead(contentChanges);
  invalidations.grantSendMessages(contentChanges);
  webhooks.grantSendMessages(contentChanges);
  acknowledge(contentChanges, {
    'AwsSolutions-IAM5[Resource::*]': iamReason,
    'Serverless-LambdaDLQ': streamReason,
  });
  const contentChangeFailures = dlq(
    'ContentChangesFailures',
    'content changes whose projection kept failing',
    'A content change could not be projected for readers after its retries (the delivery API and the CDN may show the old state); its stream record is in ContentChangesFailures.',
  );
  contentChanges.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: lambdaCore.StartingPosition.LATEST,
      batchSize: 100,
      maxBatchingWindow: Duration.seconds(1),
      bisectBatchOnError: true,
      retryAttempts: 5,
      maxRecordAge: Duration.hours(12),
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(contentChangeFailures),
      filters: contentFilterPatterns().map((p) => keysFilter(p.prefixes, p.sks)),
    }),
  );

  // The edge's key store follows the content keys: put when live, deleted when revoked or removed.
  const edgeKeys = lambda(EDGE_KEYS, 256, Duration.seconds(30), { EDGE_KEYS_ARN: keyStore.keyValueStoreArn });
  table.grantStreamRead(edgeKeys);
  edgeKeys.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [
        'cloudfront-keyvaluestore:DescribeKeyValueStore',
        'cloudfront-keyvaluestore:PutKey',
        'cloudfront-keyvaluestore:DeleteKey',
      ],
      resources: [keyStore.keyValueStoreArn],
    }),
  );
  acknowledge(edgeKeys, {
    'AwsSolutions-IAM5[Resource::*]': iamReason,
    'Serverless-LambdaDLQ': streamReason,
  });
  const edgeKeyFailures = dlq(
    'EdgeKeysFailures',
    'content-key changes the edge store did not take',
    'A content key change did not reach the edge key store after its retries: a new key may be refused, or a revoked key still accepted at the edge. Its record is in EdgeKeysFailures (infra/README.md → Delivery API at the edge).',
  );
  edgeKeys.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: lambdaCore.StartingPosition.LATEST,
      batchSize: 10,
      bisectBatchOnError: true,
      retryAttempts: 10,
      maxRecordAge: Duration.hours(24),
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(edgeKeyFailures),
      filters: [keysFilter([KEY_ITEM.pkPrefix], [KEY_ITEM.sk])],
    }),
  );

  // Webhook deliveries: the consumer re-sends a failed attempt to its own queue with a delay, and keeps one that
  // failed its whole schedule in WebhookFailures itself; the site-management Lambda queues a Redeliver.
  const siteManagement = functions.get('site-management' as FunctionName);
  if (siteManagement) {
    siteManagement.addEnvironment('WEBHOOK_QUEUE_URL', webhooks.queueUrl);
    webhooks.grantSendMessages(siteManagement);
  }
  // A batch's attempts run at once, each at most 5 s: the rest is the table's writes.
  const webhookDelivery = lambda(WEBHOOK_DELIVERY, 256, Duration.seconds(30), {
    TABLE_NAME: table.tableName,
    WEBHOOK_QUEUE_URL: webhooks.queueUrl,
    WEBHOOK_DEAD_LETTER_QUEUE_URL: webhookFailures.queueUrl,
  });
  webhooks.grantSendMessages(webhookDelivery);
  webhookFailures.grantSendMessages(webhookDelivery);
  webhookDelivery.addEventSource(
    new SqsEventSource(webhooks, {
      batchSize: WEBHOOK_BATCH.size,
      maxBatchingWindow: Duration.seconds(WEBHOOK_BATCH.windowSeconds),
      reportBatchItemFailures: true,
    }),
  );
  acknowledge(webhookDelivery, {
    'Serverless-LambdaEventSourceMappingDestination':
      "An SQS mapping takes no on-failure destination: the queue's redrive policy moves a message to WebhookFailures after its receives.",
    'Serverless-LambdaDLQ':
      "Called by the webhook queue's mapping: a message whose handling fails is received again, then moved to WebhookFailures by the queue's redrive; a function DLQ serves only asynchronous calls.",
  });

  return { behaviors, webAclArn, keyStore, invalidations, invalidationFailures, webhooks, deadLetters };
}

/**
 * The invalidation queue's consumer, once the distribution exists: it may invalidate that distribution and nothing
 * else, and the distribution knows nothing of it (no dependency cycle).
 */
export function addCdnInvalidator({
  lambda,
  distribution,
  delivery,
}: {
  lambda: MakeLambda;
  distribution: cloudfront.Distribution;
  delivery: Delivery;
}): lambdaCore.Function {
  const invalidator = lambda(CDN_INVALIDATOR, 256, Duration.seconds(30), {
    DISTRIBUTION_ID: distribution.distributionId,
    // To shorten the wait of messages CloudFront was too busy for (ChangeMessageVisibility).
    INVALIDATION_QUEUE_URL: delivery.invalidations.queueUrl,
  });
  distribution.grantCreateInvalidation(invalidator);
  invalidator.addEventSource(
    new SqsEventSource(delivery.invalidations, {
      batchSize: INVALIDATION_BATCH.size,
      maxBatchingWindow: Duration.seconds(INVALIDATION_BATCH.windowSeconds),
      reportBatchItemFailures: true,
      // Two invalidations at most in the making at once: CloudFront allows few in progress.
      maxConcurrency: 2,
    }),
  );
  acknowledge(invalidator, {
    'Serverless-LambdaEventSourceMappingDestination':
      "An SQS mapping takes no on-failure destination: the queue's redrive policy moves a message to InvalidationFailures after its receives.",
    'Serverless-LambdaDLQ':
      "Called by the invalidation queue's mapping: a batch CloudFront refuses is received again, then moved to InvalidationFailures by the queue's redrive; a function DLQ serves only asynchronous calls.",
  });
  return invalidator;
}
