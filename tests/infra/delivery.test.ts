/**
 * The delivery API's AWS side as synthesized (infra/aws/delivery.ts): CloudFront's `/content/v1/*` behaviour, its
 * cache, origin request and response headers policies, the key check and its store, the per-key rate limit in
 * each of its three forms, the queues and their dead-letter queues and alarms, the stream and queue mappings, and
 * what each new Lambda may do.
 */
import { Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_READ_PREFIXES, DELIVERY_WRITE_PREFIXES } from '../../functions/content/access';
import { CONTENT_SOURCES } from '../../functions/content-changes/sources';
import { contentKeyModel } from '../../functions/content-key/model';
import { KEY_ITEM } from '../../functions/edge-keys/sync';
import { contentKeyCheckCode } from '../../infra/aws/content-key-check';
import {
  CONTENT_PATH_PATTERN,
  contentFilterPatterns,
  contentRateRuleJson,
  INVALIDATION_BATCH,
  MAX_EVENT_FILTERS,
  RATE_LIMITED_BODY,
  WEBHOOK_BATCH,
} from '../../infra/aws/delivery';
import {
  CDN_INVALIDATOR,
  CONTENT,
  CONTENT_CHANGES,
  CONTENT_PREVIEW,
  EDGE_KEYS,
  type FunctionName,
  PREVIEW_READ_PREFIXES,
  WEBHOOK_DELIVERY,
} from '../../infra/aws/functions';
import { nagPacks } from '../../infra/aws/nag';
import { API_BASE, CONTENT_KEY_HEADER, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../shared/addresses';
import { CONTENT_KEY } from '../../shared/constants';
import { ALL_FUNCTIONS, allows, type Synthesized, synth, synthOnce } from './synth';

const dev = synthOnce();

type Behaviour = Record<string, unknown> & { TargetOriginId: string };
const distributionConfig = (s: Synthesized) =>
  s.ofType('AWS::CloudFront::Distribution')[0]?.[1].Properties?.DistributionConfig as {
    Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    CacheBehaviors: Behaviour[];
    WebACLId?: unknown;
  };
const behaviour = (s: Synthesized, pattern: string) => {
  const found = distributionConfig(s).CacheBehaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`no behaviour ${pattern}`);
  return found;
};
const refId = (value: unknown) => (value as { Ref: string }).Ref;
const idOf = (s: Synthesized, path: string) => s.logicalId(s.stack.node.findChild(path).node.defaultChild);
const arnOf = (s: Synthesized, path: string) => ({ 'Fn::GetAtt': [idOf(s, path), 'Arn'] });

describe('the /content/v1/* behaviour', () => {
  it('goes to the HTTP API’s origin, with the origin secret, as /api/* does', () => {
    const content = behaviour(dev, CONTENT_PATH_PATTERN);
    expect(CONTENT_PATH_PATTERN).toBe('/content/v1/*');
    expect(content.TargetOriginId).toBe(behaviour(dev, `${API_BASE}/*`).TargetOriginId);
    const origin = distributionConfig(dev).Origins.find((o) => o.Id === content.TargetOriginId);
    expect(origin?.OriginCustomHeaders?.map((h) => h.HeaderName)).toEqual([ORIGIN_SECRET_HEADER]);
  });

  it('runs only the key check (not the /api path rewrite), compresses, allows POST (an ad beacon), caches GET and HEAD', () => {
    const content = behaviour(dev, CONTENT_PATH_PATTERN);
    expect(content).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachedMethods: ['GET', 'HEAD'],
      Compress: true,
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [idOf(dev, 'ContentKeyCheck'), 'FunctionARN'] } },
      ],
    });
    const apiFunction = (behaviour(dev, `${API_BASE}/*`).FunctionAssociations as { FunctionARN: unknown }[])[0];
    expect(JSON.stringify(content.FunctionAssociations)).not.toContain(JSON.stringify(apiFunction?.FunctionARN));
  });

  it('is not reachable through /api/*: the /api function answers its paths 404, the API’s others pass', async () => {
    const arn = (
      behaviour(dev, `${API_BASE}/*`).FunctionAssociations as { FunctionARN: { 'Fn::GetAtt': [string] } }[]
    )[0];
    const code = dev.props(arn?.FunctionARN['Fn::GetAtt'][0] ?? '').FunctionCode as string;
    type Answer = { uri?: string; statusCode?: number; body?: { data: string } };
    const run = (uri: string) =>
      (new Function(`${code}\nreturn handler;`)() as (e: unknown) => Answer)({
        request: { uri, querystring: {}, headers: {} },
        viewer: { ip: '203.0.113.9' },
      });
    for (const uri of ['/api/content/v1/home', '/api/content/v1/', '/api/content/v1']) {
      expect(run(uri), uri).toMatchObject({ statusCode: 404 });
      expect(JSON.parse(run(uri).body?.data ?? '')).toEqual({
        message: { msg: 'NotFound: There is no such API route' },
      });
    }
    expect(run('/api/content/v10').uri).toBe('/content/v10');
    expect(run('/api/category/').uri).toBe('/category');
  });

  it('caches by the origin’s Cache-Control (0 s when silent, a day at most), keyed on every query string, no header, no cookie', () => {
    const policy = dev.props(refId(behaviour(dev, CONTENT_PATH_PATTERN).CachePolicyId)).CachePolicyConfig;
    expect(policy).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 86400,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      },
    });
    // The content key is in no cache key: every key shares one copy.
    expect(JSON.stringify(policy)).not.toContain(CONTENT_KEY_HEADER);
  });

  it('forwards the content key, every query string, and the reader an ad beacon counts; nothing else of the viewer’s', () => {
    const policy = dev.props(
      refId(behaviour(dev, CONTENT_PATH_PATTERN).OriginRequestPolicyId),
    ).OriginRequestPolicyConfig;
    expect(policy).toMatchObject({
      HeadersConfig: {
        HeaderBehavior: 'whitelist',
        Headers: [CONTENT_KEY_HEADER, VIEWER_ADDRESS_HEADER, 'user-agent', 'content-type'],
      },
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
  });

  it('answers CORS for any site (the key, If-None-Match and a beacon’s JSON allowed, ETag exposed) with the API’s security headers', () => {
    const policy = dev.props(refId(behaviour(dev, CONTENT_PATH_PATTERN).ResponseHeadersPolicyId))
      .ResponseHeadersPolicyConfig as Record<string, Record<string, unknown>>;
    expect(policy.CorsConfig).toEqual({
      AccessControlAllowOrigins: { Items: ['*'] },
      AccessControlAllowMethods: { Items: ['GET', 'HEAD', 'POST', 'OPTIONS'] },
      AccessControlAllowHeaders: { Items: [CONTENT_KEY_HEADER, 'if-none-match', 'content-type'] },
      AccessControlExposeHeaders: { Items: ['etag'] },
      AccessControlAllowCredentials: false,
      AccessControlMaxAgeSec: 7200,
      OriginOverride: true,
    });
    const api = dev.props(refId(behaviour(dev, `${API_BASE}/*`).ResponseHeadersPolicyId))
      .ResponseHeadersPolicyConfig as Record<string, unknown>;
    expect(policy.SecurityHeadersConfig).toEqual(api.SecurityHeadersConfig);
  });
});

describe('the key check at the edge', () => {
  it('is a cloudfront-js-2.0 function of the tested source, with the key store associated', () => {
    const fn = dev.props(idOf(dev, 'ContentKeyCheck'));
    expect(fn.FunctionConfig).toMatchObject({
      Runtime: 'cloudfront-js-2.0',
      KeyValueStoreAssociations: [{ KeyValueStoreARN: arnOf(dev, 'ContentKeyStore') }],
    });
    expect(fn.FunctionCode).toBe(contentKeyCheckCode());
    expect(fn.AutoPublish).toBe(true);
    dev.template.resourceCountIs('AWS::CloudFront::KeyValueStore', 1);
  });

  it('edge-keys is called by the stream for content-key items only, and may only describe, put and delete in the store', () => {
    expect(KEY_ITEM).toEqual({ pkPrefix: contentKeyModel.key('').pk, sk: contentKeyModel.key('').sk });
    const mapping = mappingOf(dev, EDGE_KEYS);
    expect(mapping).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [dev.logicalId(dev.stack.table.node.defaultChild), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: arnOf(dev, 'EdgeKeysFailures') } },
    });
    expect(filtersOf(mapping)).toEqual([
      { dynamodb: { Keys: { pk: { S: [{ prefix: 'APIKEY#' }] }, sk: { S: ['APIKEY'] } } } },
    ]);
    const kvs = dev
      .statementsOf(EDGE_KEYS)
      .filter((st) => JSON.stringify(st.Action).includes('cloudfront-keyvaluestore:'));
    expect(kvs.map((st) => ({ actions: [st.Action].flat().sort(), resource: st.Resource }))).toEqual([
      {
        actions: [
          'cloudfront-keyvaluestore:DeleteKey',
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:PutKey',
        ],
        resource: arnOf(dev, 'ContentKeyStore'),
      },
    ]);
    expect(dev.envOf(EDGE_KEYS).EDGE_KEYS_ARN).toEqual(arnOf(dev, 'ContentKeyStore'));
    for (const name of ALL_FUNCTIONS.filter((n) => n !== EDGE_KEYS)) {
      expect(JSON.stringify(dev.statementsOf(name)), name).not.toContain('cloudfront-keyvaluestore');
    }
  });
});

type Mapping = Record<string, unknown>;
function mappingOf(s: Synthesized, name: FunctionName): Mapping {
  const found = s
    .ofType('AWS::Lambda::EventSourceMapping')
    .filter(([, m]) => JSON.stringify(m.Properties?.FunctionName) === JSON.stringify({ Ref: s.functionId(name) }));
  expect(found, name).toHaveLength(1);
  return found[0]?.[1].Properties ?? {};
}
const filtersOf = (mapping: Mapping) =>
  (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) => JSON.parse(f.Pattern));

describe('content changes (the table stream)', () => {
  it('maps the stream to content-changes in batches gathered for a second, bisecting, with a dead-letter queue', () => {
    expect(mappingOf(dev, CONTENT_CHANGES)).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [dev.logicalId(dev.stack.table.node.defaultChild), 'StreamArn'] },
      StartingPosition: 'LATEST',
      MaximumBatchingWindowInSeconds: 1,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: arnOf(dev, 'ContentChangesFailures') } },
    });
  });

  it('lets through every content source, in at most 5 filters (Lambda’s default quota)', () => {
    const filters = filtersOf(mappingOf(dev, CONTENT_CHANGES)) as {
      dynamodb: { Keys: { pk: { S: { prefix: string }[] }; sk: { S: string[] } } };
    }[];
    expect(filters.length).toBeLessThanOrEqual(MAX_EVENT_FILTERS);
    const matches = (pk: string, sk: string) =>
      filters.some(
        (f) => f.dynamodb.Keys.pk.S.some((p) => pk.startsWith(p.prefix)) && f.dynamodb.Keys.sk.S.includes(sk),
      );
    // The start of a record's id, after its entity's prefix.
    const id = '01J0ABC';
    for (const source of CONTENT_SOURCES) expect(matches(`${source.pkPrefix}${id}`, source.sk), source.kind).toBe(true);
    // Not the projection it writes itself, nor the rest of the table.
    expect(matches(`PUB#article#${id}`, 'PUB')).toBe(false);
    expect(matches(`USER#${id}`, 'USER')).toBe(false);
    expect(matches(`SESSION#${id}`, 'SESSION')).toBe(false);
  });

  it('packs sources by prefix, an exact filter each while they fit', () => {
    const two = [
      { kind: 'article', pkPrefix: 'CMS#', sk: 'CMS' },
      { kind: 'articleContent', pkPrefix: 'CMS#', sk: 'CONTENT' },
      { kind: 'category', pkPrefix: 'CATEGORY#', sk: 'CATEGORY' },
    ] as const;
    expect(contentFilterPatterns(two, 5)).toEqual([
      { prefixes: ['CMS#'], sks: ['CMS', 'CONTENT'] },
      { prefixes: ['CATEGORY#'], sks: ['CATEGORY'] },
    ]);
    expect(contentFilterPatterns(two, 1)).toEqual([
      { prefixes: ['CMS#', 'CATEGORY#'], sks: ['CMS', 'CONTENT', 'CATEGORY'] },
    ]);
  });

  it('gives content-changes the table, both queues, and sending to them', () => {
    expect(dev.envOf(CONTENT_CHANGES)).toMatchObject({
      TABLE_NAME: { Ref: dev.logicalId(dev.stack.table.node.defaultChild) },
      INVALIDATION_QUEUE_URL: { Ref: idOf(dev, 'Invalidations') },
      WEBHOOK_QUEUE_URL: { Ref: idOf(dev, 'WebhookDeliveries') },
    });
    const sends = (name: FunctionName) =>
      dev
        .statementsOf(name)
        .filter((st) => allows([st.Action].flat(), 'sqs:SendMessage'))
        .flatMap((st) => [st.Resource].flat().map((r) => JSON.stringify(r)));
    expect(sends(CONTENT_CHANGES)).toEqual(
      expect.arrayContaining([
        JSON.stringify(arnOf(dev, 'Invalidations')),
        JSON.stringify(arnOf(dev, 'WebhookDeliveries')),
      ]),
    );
  });
});

describe('CDN invalidations', () => {
  it('queue encrypted, TLS only, to InvalidationFailures after 10 receives', () => {
    const queue = dev.props(idOf(dev, 'Invalidations'));
    expect(queue).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: {
        deadLetterTargetArn: arnOf(dev, 'InvalidationFailures'),
        maxReceiveCount: INVALIDATION_BATCH.maxReceiveCount,
      },
    });
    dev.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: idOf(dev, 'Invalidations') }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('are gathered for 5 s, 100 at most, two batches at a time, failures reported per message', () => {
    expect(mappingOf(dev, CDN_INVALIDATOR)).toMatchObject({
      EventSourceArn: arnOf(dev, 'Invalidations'),
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    expect(dev.envOf(CDN_INVALIDATOR)).toMatchObject({
      DISTRIBUTION_ID: { Ref: dev.logicalId(dev.stack.distribution.node.defaultChild) },
      INVALIDATION_QUEUE_URL: { Ref: idOf(dev, 'Invalidations') },
    });
  });

  it('only cdn-invalidator may invalidate, and only this distribution', () => {
    const grants = dev.statementsOf(CDN_INVALIDATOR).filter((st) => JSON.stringify(st.Action).includes('cloudfront:'));
    expect(grants).toHaveLength(1);
    expect(grants[0]?.Action).toBe('cloudfront:CreateInvalidation');
    const resource = JSON.stringify(grants[0]?.Resource);
    expect(resource).toContain(':distribution/');
    expect(resource).toContain(JSON.stringify({ Ref: dev.logicalId(dev.stack.distribution.node.defaultChild) }));
    for (const name of ALL_FUNCTIONS.filter((n) => n !== CDN_INVALIDATOR)) {
      expect(allows(dev.actionsOf(name), 'cloudfront:CreateInvalidation'), name).toBe(false);
    }
  });
});

describe('webhook deliveries', () => {
  it('queue encrypted, TLS only, with a visibility timeout over a batch of 5-second attempts, to WebhookFailures', () => {
    const queue = dev.props(idOf(dev, 'WebhookDeliveries'));
    expect(queue).toMatchObject({
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: arnOf(dev, 'WebhookFailures'),
        maxReceiveCount: WEBHOOK_BATCH.maxReceiveCount,
      },
    });
    const timeout = dev.props(dev.functionId(WEBHOOK_DELIVERY)).Timeout as number;
    expect(queue.VisibilityTimeout as number).toBeGreaterThanOrEqual(Math.max(timeout, 5 * WEBHOOK_BATCH.size));
  });

  it('are read by webhook-delivery in batches of 10, which may send to its queue and its dead-letter queue', () => {
    expect(mappingOf(dev, WEBHOOK_DELIVERY)).toMatchObject({
      EventSourceArn: arnOf(dev, 'WebhookDeliveries'),
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(dev.envOf(WEBHOOK_DELIVERY)).toMatchObject({
      WEBHOOK_QUEUE_URL: { Ref: idOf(dev, 'WebhookDeliveries') },
      WEBHOOK_DEAD_LETTER_QUEUE_URL: { Ref: idOf(dev, 'WebhookFailures') },
    });
  });

  it('may be queued by site-management (Redeliver)', () => {
    expect(dev.envOf('site-management').WEBHOOK_QUEUE_URL).toEqual({ Ref: idOf(dev, 'WebhookDeliveries') });
    const sends = dev.statementsOf('site-management').filter((st) => allows([st.Action].flat(), 'sqs:SendMessage'));
    expect(sends.map((st) => st.Resource)).toEqual([arnOf(dev, 'WebhookDeliveries')]);
  });
});

describe('dead-letter queues and their alarms', () => {
  it('keep 14 days, encrypted, and each alarms on its first message; a purge waiting 5 minutes alarms too', () => {
    const alarms = dev.ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties ?? {});
    for (const name of ['InvalidationFailures', 'WebhookFailures', 'ContentChangesFailures', 'EdgeKeysFailures']) {
      expect(dev.props(idOf(dev, name)), name).toMatchObject({
        MessageRetentionPeriod: 14 * 24 * 3600,
        SqsManagedSseEnabled: true,
      });
      const alarm = alarms.find(
        (a) => a.AlarmName === `${dev.stack.stackName}-${name.replace(/Failures$/, 'DeadLetters')}`,
      );
      expect(alarm, name).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [idOf(dev, name), 'QueueName'] } }],
        Threshold: 1,
      });
    }
    expect(alarms.find((a) => a.AlarmName === `${dev.stack.stackName}-InvalidationLag`)).toMatchObject({
      MetricName: 'ApproximateAgeOfOldestMessage',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [idOf(dev, 'Invalidations'), 'QueueName'] } }],
      Threshold: 300,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });
});

/** A public Lambda's DynamoDB statements, actions sorted. */
const dynamoStatements = (name: FunctionName) =>
  dev
    .statementsOf(name)
    .filter((st) => JSON.stringify(st.Action).includes('dynamodb:'))
    .map((st) => ({ ...st, Action: [st.Action].flat().sort() }));

/** Reads of the table (no index) held to `read`, and UpdateItem held to `write`, both by dynamodb:LeadingKeys. */
function readOnlyGrant(read: readonly string[], write: readonly string[]) {
  const tableArn = { 'Fn::GetAtt': [dev.logicalId(dev.stack.table.node.defaultChild), 'Arn'] };
  const like = (prefixes: readonly string[]) => ({
    'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((p) => `${p}*`) },
  });
  return [
    {
      Effect: 'Allow',
      Action: ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'],
      Resource: tableArn,
      Condition: like(read),
    },
    { Effect: 'Allow', Action: ['dynamodb:UpdateItem'], Resource: tableArn, Condition: like(write) },
  ];
}

describe('the content Lambda’s least privilege', () => {
  it('reads only the delivery prefixes and updates only content keys (dynamodb:LeadingKeys), no index', () => {
    expect(dynamoStatements(CONTENT)).toEqual(readOnlyGrant(DELIVERY_READ_PREFIXES, DELIVERY_WRITE_PREFIXES));
  });

  it('signs no one in: the origin secret, no JWT secret', () => {
    const env = dev.envOf(CONTENT);
    expect(env.ORIGIN_SECRET_ARN).toBeDefined();
    expect(env.JWT_SECRET_ARN).toBeUndefined();
    expect(env.PREVIEW_SECRET_ARN).toBeUndefined();
  });
});

describe('the preview Lambda’s least privilege', () => {
  it('reads only articles, categories, files and content keys, and updates only content keys, no index', () => {
    expect(PREVIEW_READ_PREFIXES).not.toContain('USER#');
    expect(dynamoStatements(CONTENT_PREVIEW)).toEqual(readOnlyGrant(PREVIEW_READ_PREFIXES, DELIVERY_WRITE_PREFIXES));
  });

  it('holds the preview secret and the origin secret, never the JWT secret', () => {
    const env = dev.envOf(CONTENT_PREVIEW);
    expect(env.PREVIEW_SECRET_ARN).toBeDefined();
    expect(env.ORIGIN_SECRET_ARN).toBeDefined();
    expect(env.JWT_SECRET_ARN).toBeUndefined();
  });
});

describe('the per-key rate limit (WAF)', () => {
  const rule = {
    Name: 'ContentKeyRate',
    Priority: 0,
    Statement: {
      RateBasedStatement: {
        Limit: CONTENT_KEY.ratePerFiveMinutes,
        EvaluationWindowSec: 300,
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [{ Header: { Name: CONTENT_KEY_HEADER, TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
        ScopeDownStatement: {
          ByteMatchStatement: {
            FieldToMatch: { UriPath: {} },
            PositionalConstraint: 'STARTS_WITH',
            SearchString: '/content/v1/',
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    },
    Action: {
      Block: {
        CustomResponse: {
          ResponseCode: 429,
          ResponseHeaders: [{ Name: 'access-control-allow-origin', Value: '*' }],
        },
      },
    },
    VisibilityConfig: { SampledRequestsEnabled: true, CloudWatchMetricsEnabled: true, MetricName: 'ContentKeyRate' },
  };

  let east: Synthesized;
  let given: Synthesized;
  const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/0b1c2d3e';
  beforeAll(() => {
    const before = process.env.CDK_DEFAULT_REGION;
    process.env.CDK_DEFAULT_REGION = 'us-east-1';
    try {
      east = synth();
      given = synth({ webAclArn });
    } finally {
      if (before === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = before;
    }
  }, 120_000);

  it('in us-east-1 without a web ACL: the stack makes one with the rule, and puts it in front of the distribution', () => {
    const [[aclId, acl] = []] = east.ofType('AWS::WAFv2::WebACL');
    expect(acl?.Properties).toMatchObject({
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      CustomResponseBodies: { 'content-rate-limited': { ContentType: 'APPLICATION_JSON', Content: RATE_LIMITED_BODY } },
      Rules: [
        {
          ...rule,
          Action: {
            Block: {
              CustomResponse: { ...rule.Action.Block.CustomResponse, CustomResponseBodyKey: 'content-rate-limited' },
            },
          },
        },
      ],
    });
    expect(distributionConfig(east).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(east.template.findOutputs('ContentRateRule')).toEqual({});
    expect(JSON.parse(RATE_LIMITED_BODY)).toEqual({ message: { msg: expect.stringMatching(/^TooManyRequests: /) } });
  });

  it('in us-east-1, with its own web ACL, cdk-nag finds nothing left and no CFR2 to acknowledge', () => {
    const findings = nagPacks().flatMap((pack) => pack.validateScope(east.stack).violations.map((v) => v.ruleName));
    expect(findings).toEqual([]);
    const acks = east.stack.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.keys(m.data as Record<string, string>));
    expect(acks.filter((rule) => rule.includes('CFR2'))).toEqual([]);
  });

  it('with a web ACL given: that one, and the rule to add to it as an output', () => {
    given.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(distributionConfig(given).WebACLId).toBe(webAclArn);
    expect(JSON.parse(given.template.findOutputs('ContentRateRule').ContentRateRule?.Value)).toEqual(rule);
  });

  it('elsewhere (or in an environment-agnostic synth): no web ACL can be made, the rule is an output', () => {
    dev.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(distributionConfig(dev).WebACLId).toBeUndefined();
    expect(JSON.parse(dev.template.findOutputs('ContentRateRule').ContentRateRule?.Value)).toEqual(rule);
    expect(JSON.parse(contentRateRuleJson())).toEqual(rule);
  });
});
