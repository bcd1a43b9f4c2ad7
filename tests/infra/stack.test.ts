import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_LIST, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/db/table';
import { NAMED_RECORDS } from '../../functions/name-sync/sources';
import {
  BACKGROUND_FUNCTIONS,
  type FunctionName,
  MEDIA_SWEEPER,
  NAME_SYNC,
  PUBLISHER,
  TRASH_SWEEPER,
} from '../../infra/aws/functions';
import { AdminPortalStack } from '../../infra/aws/stack';
import { ORIGIN_SECRET_HEADER, WEB_CACHE_CONTROL } from '../../shared/addresses';
import { LAMBDAS, type LambdaName, ROUTES, routePath } from '../../shared/api';

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

interface Synthesized {
  stack: AdminPortalStack;
  template: Template;
  resources: Record<string, Resource>;
}

const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;
const webDist = mkdtempSync(join(tmpdir(), 'admin-portal-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Admin</title>');

/** The app as `cdk synth` builds it (cdk.json feature flags), minus esbuild: asset bundling is skipped. */
function synth(stage: string, dist: string): Synthesized {
  const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
  const stack = new AdminPortalStack(app, `AdminPortal-${stage}`, { stage, allowedOrigins: ['*'], webDist: dist });
  const template = Template.fromStack(stack);
  return { stack, template, resources: template.toJSON().Resources };
}

let dev: Synthesized;
let prod: Synthesized;

// Two synths take ~5 s alone; give a busy machine room.
beforeAll(() => {
  dev = synth('dev', join(webDist, 'missing'));
  prod = synth('prod', webDist);
}, 60_000);

afterAll(() => rmSync(webDist, { recursive: true, force: true }));

function logicalId(s: Synthesized, element: unknown): string {
  return s.stack.getLogicalId(element as CfnElement);
}

function functionId(s: Synthesized, name: FunctionName): string {
  const fn = s.stack.functions.get(name);
  if (!fn) throw new Error(`no function ${name}`);
  return logicalId(s, fn.node.defaultChild);
}

function ofType(s: Synthesized, type: string): [string, Resource][] {
  return Object.entries(s.resources).filter(([, r]) => r.Type === type);
}

function props(s: Synthesized, id: string): Record<string, unknown> {
  const resource = s.resources[id];
  if (!resource) throw new Error(`no resource ${id}`);
  return resource.Properties ?? {};
}

/** Every Allow statement of the policies attached to a function's role. */
function statementsOf(s: Synthesized, name: FunctionName): Statement[] {
  const role = s.stack.functions.get(name)?.role;
  if (!role) throw new Error(`no role for ${name}`);
  const roleRef = { Ref: logicalId(s, role.node.defaultChild) };
  return ofType(s, 'AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties?.Roles).includes(JSON.stringify(roleRef)))
    .flatMap(([, p]) => (p.Properties?.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement ?? [])
    .filter((st) => st.Effect === 'Allow');
}

function actionsOf(s: Synthesized, name: FunctionName): string[] {
  return statementsOf(s, name).flatMap((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]));
}

/** Whether a granted action (possibly a wildcard like `s3:List*`) allows `wanted`. */
function allows(granted: string[], wanted: string): boolean {
  return granted.some((a) => a === wanted || (a.endsWith('*') && wanted.startsWith(a.slice(0, -1))));
}

const ALL_FUNCTIONS: FunctionName[] = [...LAMBDAS, ...BACKGROUND_FUNCTIONS];

describe('HTTP API', () => {
  it('has a route for every row of ROUTES, integrated with that row’s Lambda', () => {
    const routes = ofType(dev, 'AWS::ApiGatewayV2::Route');
    for (const route of ROUTES) {
      const key = `${route.method} ${routePath(route.path)}`;
      const found = routes.filter(([, r]) => r.Properties?.RouteKey === key);
      expect(found, key).toHaveLength(1);
      const target = JSON.stringify(found[0]?.[1].Properties?.Target);
      const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1] ?? '';
      expect(props(dev, integrationId).IntegrationUri, key).toEqual({
        'Fn::GetAtt': [functionId(dev, route.lambda), 'Arn'],
      });
    }
    // ROUTES plus $default, nothing else.
    expect(routes).toHaveLength(ROUTES.length + 1);
  });

  it('sends unknown routes ($default) to the auth Lambda', () => {
    const [defaultRoute] = ofType(dev, 'AWS::ApiGatewayV2::Route').filter(
      ([, r]) => r.Properties?.RouteKey === '$default',
    );
    expect(defaultRoute).toBeDefined();
    const integrationId = /"Ref":"([^"]+)"/.exec(JSON.stringify(defaultRoute?.[1].Properties?.Target))?.[1] ?? '';
    expect(props(dev, integrationId)).toMatchObject({
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [functionId(dev, 'auth'), 'Arn'] },
    });
  });
});

describe('DynamoDB table', () => {
  it('is built from functions/lib/db/table.ts: keys, TTL, GSIs, on-demand, PITR', () => {
    const tables = ofType(dev, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const table = tables[0]?.[1].Properties ?? {};
    expect(table.KeySchema).toEqual([
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
    expect(table.GlobalSecondaryIndexes).toEqual(
      INDEX_LIST.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    const stringKeys = [
      TABLE_KEYS.partitionKey,
      TABLE_KEYS.sortKey,
      ...INDEX_LIST.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    expect(table.AttributeDefinitions).toEqual(
      expect.arrayContaining(stringKeys.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    );
  });

  it('is protected and retained in prod, disposable in dev', () => {
    const [[, prodTable] = []] = ofType(prod, 'AWS::DynamoDB::Table');
    expect(prodTable?.Properties?.DeletionProtectionEnabled).toBe(true);
    expect(prodTable?.DeletionPolicy).toBe('Retain');
    const [[, devTable] = []] = ofType(dev, 'AWS::DynamoDB::Table');
    expect(devTable?.Properties?.DeletionProtectionEnabled).toBe(false);
    expect(devTable?.DeletionPolicy).toBe('Delete');
  });
});

describe('buckets', () => {
  it('block all public access and deny plain HTTP', () => {
    for (const s of [dev, prod]) {
      const buckets = ofType(s, 'AWS::S3::Bucket');
      expect(buckets).toHaveLength(2);
      for (const [id, bucket] of buckets) {
        expect(bucket.Properties?.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        s.template.hasResourceProperties('AWS::S3::BucketPolicy', {
          Bucket: { Ref: id },
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            ]),
          },
        });
      }
    }
  });

  it('let browsers upload media (CORS with ETag) and clean up abandoned multipart uploads', () => {
    const media = props(dev, logicalId(dev, dev.stack.mediaBucket.node.defaultChild));
    expect(media.CorsConfiguration).toEqual({
      CorsRules: [
        expect.objectContaining({
          AllowedMethods: expect.arrayContaining(['PUT', 'GET', 'HEAD', 'POST']),
          AllowedOrigins: ['*'],
          ExposedHeaders: ['ETag'],
        }),
      ],
    });
    expect(media.LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: 'AbortIncompleteMultipartUploads',
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          Status: 'Enabled',
        },
        { Id: 'ExpireUploads', Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' },
      ],
    });
  });

  it('let presigned URLs write only under uploads/ and delete nothing', () => {
    const mediaId = logicalId(dev, dev.stack.mediaBucket.node.defaultChild);
    const [[, policy] = []] = ofType(dev, 'AWS::S3::BucketPolicy').filter(
      ([, p]) => JSON.stringify(p.Properties?.Bucket) === JSON.stringify({ Ref: mediaId }),
    );
    const document = policy?.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] } | undefined;
    const statements = document?.Statement ?? [];
    const bySid = (sid: string) => statements.find((st) => st.Sid === sid);
    expect(bySid('PresignedWritesOnlyToUploads')).toMatchObject({
      Effect: 'Deny',
      Principal: { AWS: '*' },
      Action: 's3:PutObject',
      NotResource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [mediaId, 'Arn'] }, '/uploads/*']] },
      Condition: { StringNotEquals: { 's3:authType': 'REST-HEADER' } },
    });
    expect(bySid('NoPresignedDeletes')).toMatchObject({
      Effect: 'Deny',
      Action: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
      Condition: { StringNotEquals: { 's3:authType': 'REST-HEADER' } },
    });
  });

  it('deploys web/dist when it exists and warns when it does not', () => {
    prod.template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    dev.template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(dev.stack).hasWarning('*', Match.stringLikeRegexp('web app is NOT deployed'));
  });

  it('deploys the hashed assets cached for a year and unpruned, then index.html revalidated on every load', () => {
    const deployments = ofType(prod, 'Custom::CDKBucketDeployment');
    const [assetsId, assets] =
      deployments.find(([, r]) => JSON.stringify(r.Properties?.Include) === '["assets/*"]') ?? [];
    const [, root] = deployments.find(([id]) => id !== assetsId) ?? [];
    expect(WEB_CACHE_CONTROL).toEqual({ assets: 'public, max-age=31536000, immutable', root: 'no-cache' });
    expect(assets?.Properties).toMatchObject({
      Exclude: ['*'],
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      // Old builds' chunks stay for tabs opened before a deploy.
      Prune: false,
    });
    expect(assets?.Properties?.DistributionPaths).toBeUndefined();
    expect(root?.Properties).toMatchObject({
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
    expect(root?.Properties?.Include).toBeUndefined();
    // index.html, which names the new assets, goes up only after them.
    expect((root as { DependsOn?: string[] } | undefined)?.DependsOn).toContain(assetsId);
  });
});

describe('CloudFront', () => {
  const distributionConfig = (s: Synthesized) => {
    const [[, distribution] = []] = ofType(s, 'AWS::CloudFront::Distribution');
    return distribution?.Properties?.DistributionConfig as {
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      CustomErrorResponses?: unknown;
    };
  };
  const originOf = (s: Synthesized, bucketElement: unknown) => {
    const domain = { 'Fn::GetAtt': [logicalId(s, bucketElement), 'RegionalDomainName'] };
    return distributionConfig(s).Origins.find((o) => JSON.stringify(o.DomainName) === JSON.stringify(domain));
  };
  const behavior = (s: Synthesized, pattern: string) =>
    distributionConfig(s).CacheBehaviors.find((b) => b.PathPattern === pattern);

  it('reaches both buckets through Origin Access Control, not OAI', () => {
    for (const bucket of [dev.stack.webBucket, dev.stack.mediaBucket]) {
      const origin = originOf(dev, bucket.node.defaultChild);
      expect(origin?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Id'] });
      expect(origin?.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    }
    dev.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  });

  it('serves the SPA by default with a viewer-request fallback instead of custom error responses', () => {
    const config = distributionConfig(dev);
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(originOf(dev, dev.stack.webBucket.node.defaultChild)?.Id);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
  });

  it('compresses the app (brotli or gzip, keyed on the accepted encodings) and serves /assets/* with no function', () => {
    const config = distributionConfig(dev);
    expect(config.DefaultCacheBehavior).toMatchObject({
      CachePolicyId: cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
      Compress: true,
    });
    const assets = behavior(dev, '/assets/*');
    expect(assets).toMatchObject({
      TargetOriginId: config.DefaultCacheBehavior.TargetOriginId,
      CachePolicyId: cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
      Compress: true,
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
      ResponseHeadersPolicyId: config.DefaultCacheBehavior.ResponseHeadersPolicyId,
    });
    expect(assets?.FunctionAssociations).toBeUndefined();
  });

  it('forwards /api/* uncached to the HTTP API, all methods, without the Host header', () => {
    const api = behavior(dev, '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
    });
    expect(api?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS']));
    const origin = distributionConfig(dev).Origins.find((o) => o.Id === api?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(logicalId(dev, dev.stack.api.node.defaultChild));
  });

  it('adds the origin secret to API requests as a deploy-time secret reference, never as plain text', () => {
    const api = behavior(dev, '/api/*');
    const origin = distributionConfig(dev).Origins.find((o) => o.Id === api?.TargetOriginId) as unknown as {
      CustomOriginConfig?: unknown;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    };
    const header = origin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_SECRET_HEADER);
    expect(JSON.stringify(header?.HeaderValue)).toContain('{{resolve:secretsmanager:');
    expect(JSON.stringify(header?.HeaderValue)).toContain(
      logicalId(dev, (dev.stack.node.findChild('OriginSecret') as Construct).node.defaultChild),
    );
  });

  it('serves /media/* from the media bucket as is (the path is the key under media/), cached, GET and HEAD only', () => {
    const media = behavior(dev, '/media/*');
    expect(media).toMatchObject({
      TargetOriginId: originOf(dev, dev.stack.mediaBucket.node.defaultChild)?.Id,
      CachePolicyId: cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(media?.FunctionAssociations).toBeUndefined();
  });

  describe('response headers', () => {
    type HeadersPolicy = {
      SecurityHeadersConfig: {
        ContentSecurityPolicy?: { ContentSecurityPolicy: unknown; Override: boolean };
        ContentTypeOptions?: { Override: boolean };
        FrameOptions?: { FrameOption: string; Override: boolean };
        ReferrerPolicy?: { ReferrerPolicy: string; Override: boolean };
        StrictTransportSecurity?: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean; Override: boolean };
      };
      CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] };
    };
    const policyOf = (behaviour: Record<string, unknown> | undefined): HeadersPolicy => {
      const ref = behaviour?.ResponseHeadersPolicyId as { Ref: string } | undefined;
      if (!ref?.Ref) throw new Error('the behaviour has no response-headers policy of ours');
      return (props(dev, ref.Ref).ResponseHeadersPolicyConfig ?? {}) as HeadersPolicy;
    };
    /** The CSP as text, with the bucket's domain token shown as BUCKET. */
    const cspOf = (policy: HeadersPolicy) => {
      const csp = policy.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy;
      if (typeof csp === 'string') return csp;
      const parts = (csp as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      return parts.map((part) => (typeof part === 'string' ? part : 'BUCKET')).join('');
    };
    const directives = (csp: string) =>
      Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
    const common = (policy: HeadersPolicy) => {
      const security = policy.SecurityHeadersConfig;
      expect(security.ContentTypeOptions).toEqual({ Override: true });
      expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: 'no-referrer', Override: true });
      expect(security.StrictTransportSecurity).toMatchObject({
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
      });
      expect(policy.CustomHeadersConfig?.Items).toContainEqual(
        expect.objectContaining({ Header: 'permissions-policy', Value: expect.stringContaining('camera=()') }),
      );
    };

    it('give the app a strict CSP: own scripts only, no objects, no base, not framed, uploads to the bucket', () => {
      const policy = policyOf(distributionConfig(dev).DefaultCacheBehavior);
      common(policy);
      expect(policy.SecurityHeadersConfig.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      const csp = directives(cspOf(policy));
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'", 'blob:', 'https://BUCKET']);
      expect(cspOf(policy)).not.toMatch(/unsafe-eval/);
      expect(csp['script-src']?.join(' ')).not.toMatch(/unsafe-inline/);
      const token = JSON.stringify(policy.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy);
      expect(token).toContain(logicalId(dev, dev.stack.mediaBucket.node.defaultChild));
      expect(token).toContain('RegionalDomainName');
    });

    /** The policy of a path that serves nothing to run: the common headers, and a CSP of 'none' and a sandbox. */
    const lockedDown = (pathPattern: string) => {
      const policy = policyOf(behavior(dev, pathPattern));
      common(policy);
      const csp = directives(cspOf(policy));
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp.sandbox).toEqual([]);
      return csp;
    };

    it('let nothing in an API answer load or run', () => {
      lockedDown('/api/*');
    });

    it('sandbox uploaded files with no script', () => {
      const csp = lockedDown('/media/*');
      expect(csp['script-src']).toBeUndefined();
    });
  });
});

describe('Lambdas', () => {
  it('are one per LAMBDAS entry plus the publisher, the two sweepers and name-sync, Node 22 on arm64', () => {
    expect([...dev.stack.functions.keys()].sort()).toEqual([...ALL_FUNCTIONS].sort());
    for (const name of ALL_FUNCTIONS) {
      const fn = props(dev, functionId(dev, name));
      expect(fn.Runtime, name).toBe('nodejs22.x');
      expect(fn.Architectures, name).toEqual(['arm64']);
      expect(fn.MemorySize, name).toBe(
        (BACKGROUND_FUNCTIONS as readonly string[]).includes(name)
          ? 256
          : name === 'user-import' || name === 'cms-import'
            ? 1769
            : 512,
      );
    }
  });

  it('give route Lambdas the table, bucket and secret; the publisher only the table', () => {
    for (const name of LAMBDAS) {
      const env = (props(dev, functionId(dev, name)).Environment as { Variables: Record<string, unknown> }).Variables;
      const own = Object.keys(env).filter((k) => !/^(PARAMETERS_SECRETS_|SECRETS_MANAGER_|SSM_PARAMETER_)/.test(k));
      expect(own.sort(), name).toEqual(['JWT_SECRET_ARN', 'MEDIA_BUCKET', 'ORIGIN_SECRET_ARN', 'TABLE_NAME']);
      // The secret comes through AWS's Parameters and Secrets extension layer, with its cache on.
      expect(env.PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED, name).toBe('true');
      const layers = props(dev, functionId(dev, name)).Layers as unknown[];
      expect(JSON.stringify(layers), name).toMatch(/Paramsandsecrets/i);
    }
    const envOf = (name: FunctionName) =>
      Object.keys((props(dev, functionId(dev, name)).Environment as { Variables: Record<string, unknown> }).Variables);
    expect(envOf(PUBLISHER)).toEqual(['TABLE_NAME']);
    expect(envOf(MEDIA_SWEEPER).sort()).toEqual(['MEDIA_BUCKET', 'TABLE_NAME']);
    expect(envOf(NAME_SYNC)).toEqual(['TABLE_NAME']);
    expect(envOf(TRASH_SWEEPER)).toEqual(['TABLE_NAME']);
    for (const name of BACKGROUND_FUNCTIONS) expect(props(dev, functionId(dev, name)).Layers, name).toBeUndefined();
  });

  it('runs the media sweeper every hour', () => {
    dev.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId(dev, MEDIA_SWEEPER), 'Arn'] } })],
    });
  });

  it('runs the trash sweeper every hour, with five minutes to delete what expired', () => {
    dev.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId(dev, TRASH_SWEEPER), 'Arn'] } })],
    });
    expect(props(dev, functionId(dev, TRASH_SWEEPER)).Timeout).toBe(300);
  });

  it('runs the publisher every minute', () => {
    dev.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId(dev, PUBLISHER), 'Arn'] } })],
    });
  });
});

describe('name sync (the table stream)', () => {
  const tableId = () => logicalId(dev, dev.stack.table.node.defaultChild);
  const mappingOf = () => {
    const found = ofType(dev, 'AWS::Lambda::EventSourceMapping');
    expect(found).toHaveLength(1);
    return found[0]?.[1].Properties ?? {};
  };

  it('turns on the table stream with the old and new images', () => {
    expect(props(dev, tableId()).StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('maps the stream to name-sync in batches of 10, bisecting and retrying a bounded number of times', () => {
    expect(mappingOf()).toMatchObject({
      FunctionName: { Ref: functionId(dev, NAME_SYNC) },
      EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 12 * 3600,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // A rename walks every article row: the longest run Lambda allows.
    expect(props(dev, functionId(dev, NAME_SYNC)).Timeout).toBe(900);
  });

  it('lets only MODIFY events of categories, users and clients (not sessions or second factors) through', () => {
    const filters = (mappingOf().FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(filters).toEqual(
      NAMED_RECORDS.map((named) => ({
        eventName: ['MODIFY'],
        dynamodb: { Keys: { pk: { S: [{ prefix: named.pkPrefix }] }, sk: { S: [named.sk] } } },
      })),
    );
    expect(NAMED_RECORDS.map((named) => [named.pkPrefix, named.sk])).toEqual([
      ['CATEGORY#', 'CATEGORY'],
      ['USER#', 'USER'],
      ['CLIENT#', 'CLIENT'],
    ]);
  });

  it('sends events that still fail after the retries to an encrypted SQS dead-letter queue', () => {
    const queues = ofType(dev, 'AWS::SQS::Queue');
    expect(queues).toHaveLength(1);
    const [queueId, queue] = queues[0] as [string, Resource];
    expect(queue.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
    expect(mappingOf().DestinationConfig).toEqual({
      OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    });
    expect(allows(actionsOf(dev, NAME_SYNC), 'sqs:SendMessage')).toBe(true);
    expect(actionsOf(dev, NAME_SYNC)).toEqual(
      expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:DescribeStream']),
    );
    // No other Lambda reads the stream or writes to the queue.
    const streamArn = JSON.stringify({ 'Fn::GetAtt': [tableId(), 'StreamArn'] });
    expect(JSON.stringify(statementsOf(dev, NAME_SYNC))).toContain(streamArn);
    for (const name of ALL_FUNCTIONS.filter((n) => n !== NAME_SYNC)) {
      expect(JSON.stringify(statementsOf(dev, name)), name).not.toContain(streamArn);
      expect(allows(actionsOf(dev, name), 'sqs:SendMessage'), name).toBe(false);
    }
  });
});

describe('least privilege', () => {
  const mediaBucketArn = () => ({ 'Fn::GetAtt': [logicalId(dev, dev.stack.mediaBucket.node.defaultChild), 'Arn'] });

  it('gives every Lambda read/write data on the table and nothing more in DynamoDB', () => {
    for (const name of ALL_FUNCTIONS) {
      const dynamo = actionsOf(dev, name).filter((a) => a.startsWith('dynamodb:'));
      expect(dynamo, name).toContain('dynamodb:PutItem');
      expect(dynamo, name).toContain('dynamodb:Query');
      expect(allows(dynamo, 'dynamodb:DeleteTable'), name).toBe(false);
      expect(allows(dynamo, 'dynamodb:UpdateTable'), name).toBe(false);
    }
  });

  const objectArn = (prefix: string) => ({ 'Fn::Join': ['', [mediaBucketArn(), `/${prefix}*`]] });
  /** The resources an asset statement allowing `action` covers. */
  const resourcesAllowing = (name: FunctionName, action: string) =>
    statementsOf(dev, name)
      .filter((st) => allows(Array.isArray(st.Action) ? st.Action : [st.Action], action))
      .flatMap((st) => (Array.isArray(st.Resource) ? st.Resource : [st.Resource]));

  it('lets the asset Lambda delete only uploads and write only uploads/ and media/', () => {
    expect(resourcesAllowing('asset', 's3:DeleteObject')).toEqual([objectArn('uploads/')]);
    expect(resourcesAllowing('asset', 's3:PutObject')).toEqual(
      expect.arrayContaining([objectArn('uploads/'), objectArn('media/')]),
    );
    expect(resourcesAllowing('asset', 's3:PutObject')).toHaveLength(2);
    expect(resourcesAllowing('cms-import', 's3:GetObject')).toEqual([mediaBucketArn(), objectArn('media/')]);
  });

  it('lets the media sweeper delete checked files and nothing else in S3', () => {
    expect(resourcesAllowing(MEDIA_SWEEPER, 's3:DeleteObject')).toEqual([objectArn('media/')]);
    expect(
      actionsOf(dev, MEDIA_SWEEPER).filter((a) => a.startsWith('s3:') && !a.startsWith('s3:DeleteObject')),
    ).toEqual([]);
  });

  it('lets only the asset Lambda write media (multipart included), and only it and the sweeper delete', () => {
    const asset = actionsOf(dev, 'asset');
    for (const action of [
      's3:GetObject',
      's3:PutObject',
      's3:DeleteObject',
      's3:AbortMultipartUpload',
      's3:ListMultipartUploadParts',
    ]) {
      expect(allows(asset, action), action).toBe(true);
    }
    for (const name of ALL_FUNCTIONS.filter((n) => n !== 'asset')) {
      const actions = actionsOf(dev, name);
      expect(allows(actions, 's3:PutObject'), name).toBe(false);
      expect(allows(actions, 's3:DeleteObject'), name).toBe(name === MEDIA_SWEEPER);
    }
  });

  it('lets cms read media, and no other Lambda touch S3', () => {
    const readers: LambdaName[] = ['cms-import'];
    for (const name of readers) {
      expect(allows(actionsOf(dev, name), 's3:GetObject'), name).toBe(true);
    }
    for (const name of ['asset', ...readers] as const) {
      for (const st of statementsOf(dev, name).filter((s) => JSON.stringify(s.Action).includes('s3:'))) {
        // Only the media bucket, never the web bucket.
        expect(JSON.stringify(st.Resource), name).toContain(JSON.stringify(mediaBucketArn()));
      }
    }
    for (const name of ALL_FUNCTIONS.filter((n) => !['asset', 'cms-import', MEDIA_SWEEPER].includes(n))) {
      expect(
        actionsOf(dev, name).filter((a) => a.startsWith('s3:')),
        name,
      ).toEqual([]);
    }
  });

  it('lets route Lambdas read the JWT secret and keeps the publisher away from it', () => {
    for (const name of LAMBDAS) {
      expect(allows(actionsOf(dev, name), 'secretsmanager:GetSecretValue'), name).toBe(true);
    }
    for (const name of BACKGROUND_FUNCTIONS) {
      expect(
        actionsOf(dev, name).filter((a) => a.startsWith('secretsmanager:')),
        name,
      ).toEqual([]);
    }
  });
});
