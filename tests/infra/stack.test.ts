/** The synthesized template: the HTTP API, the table and the buckets (CloudFront, Lambdas and IAM have their own files). */
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { INDEX_LIST, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/db/table';
import { WEB_CACHE_CONTROL } from '../../shared/addresses';
import { DEFAULT_ROUTE_LAMBDA, ROUTES, routePath } from '../../shared/api';
import { fakeWebDist, synthOnce } from './synth';

const web = fakeWebDist();
const dev = synthOnce();
const prod = synthOnce({ stage: 'prod' }, web.dir);

afterAll(() => web.remove());

describe('HTTP API', () => {
  it('has a route for every row of ROUTES, integrated with that row’s Lambda', () => {
    const routes = dev.ofType('AWS::ApiGatewayV2::Route');
    for (const route of ROUTES) {
      const key = `${route.method} ${routePath(route.path)}`;
      const found = routes.filter(([, r]) => r.Properties?.RouteKey === key);
      expect(found, key).toHaveLength(1);
      const target = JSON.stringify(found[0]?.[1].Properties?.Target);
      const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1] ?? '';
      expect(dev.props(integrationId).IntegrationUri, key).toEqual({
        'Fn::GetAtt': [dev.functionId(route.lambda), 'Arn'],
      });
    }
    // ROUTES plus $default, nothing else.
    expect(routes).toHaveLength(ROUTES.length + 1);
  });

  it('sends unknown routes ($default) to the docs Lambda, which has no table access', () => {
    const [defaultRoute] = dev
      .ofType('AWS::ApiGatewayV2::Route')
      .filter(([, r]) => r.Properties?.RouteKey === '$default');
    expect(defaultRoute).toBeDefined();
    const integrationId = /"Ref":"([^"]+)"/.exec(JSON.stringify(defaultRoute?.[1].Properties?.Target))?.[1] ?? '';
    expect(dev.props(integrationId)).toMatchObject({
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [dev.functionId(DEFAULT_ROUTE_LAMBDA), 'Arn'] },
    });
  });
});

describe('the API stage', () => {
  it('keeps its construct id, deploys itself, logs every request as JSON and throttles every route', () => {
    const stage = dev.props('ApiDefaultStage189A7074');
    expect(stage).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
    const settings = stage.AccessLogSettings as { DestinationArn: unknown; Format: string };
    const [logGroupId] =
      /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(settings.DestinationArn))?.slice(1) ?? [];
    expect(dev.resources[logGroupId ?? '']).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: 30 },
    });
    const format = JSON.parse(settings.Format) as Record<string, string>;
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.routeKey',
    });
    // Nothing a caller sends (headers, cookies, body) is logged.
    expect(Object.values(format).filter((v) => /header|cookie|body|authorization/i.test(v))).toEqual([]);
  });
});

describe('construct ids', () => {
  it('keep the logical ids of what holds data or is known by name (a new id would replace it)', () => {
    const kept: Record<string, string> = {
      TableCD117FA1: 'AWS::DynamoDB::Table',
      MediaBucketBCBB02BA: 'AWS::S3::Bucket',
      WebBucket12880F5B: 'AWS::S3::Bucket',
      JwtSecretB8834B39: 'AWS::SecretsManager::Secret',
      OriginSecret5DDC59F1: 'AWS::SecretsManager::Secret',
      ApiF70053CD: 'AWS::ApiGatewayV2::Api',
      ApiDefaultStage189A7074: 'AWS::ApiGatewayV2::Stage',
      Distribution830FAC52: 'AWS::CloudFront::Distribution',
      authlogs2D0D1B26: 'AWS::Logs::LogGroup',
      publisherlogsF11954D6: 'AWS::Logs::LogGroup',
    };
    for (const s of [dev, prod]) {
      for (const [id, type] of Object.entries(kept)) expect(s.resources[id]?.Type, id).toBe(type);
    }
  });
});

describe('DynamoDB table', () => {
  it('is built from functions/lib/db/table.ts: keys, TTL, GSIs, on-demand, PITR', () => {
    const tables = dev.ofType('AWS::DynamoDB::Table');
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
    const [[, prodTable] = []] = prod.ofType('AWS::DynamoDB::Table');
    expect(prodTable?.Properties?.DeletionProtectionEnabled).toBe(true);
    expect(prodTable?.DeletionPolicy).toBe('Retain');
    const [[, devTable] = []] = dev.ofType('AWS::DynamoDB::Table');
    expect(devTable?.Properties?.DeletionProtectionEnabled).toBe(false);
    expect(devTable?.DeletionPolicy).toBe('Delete');
  });
});

describe('buckets', () => {
  it('block all public access, are encrypted, and deny plain HTTP and TLS before 1.2', () => {
    for (const s of [dev, prod]) {
      const buckets = s.ofType('AWS::S3::Bucket');
      expect(buckets).toHaveLength(3);
      for (const [id, bucket] of buckets) {
        expect(bucket.Properties?.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties?.BucketEncryption, id).toEqual({
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        });
        s.template.hasResourceProperties('AWS::S3::BucketPolicy', {
          Bucket: { Ref: id },
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
              Match.objectLike({ Effect: 'Deny', Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } } }),
            ]),
          },
        });
      }
    }
  });

  it('log every request to the media and web buckets, and CloudFront’s, into the logs bucket, kept 30 days', () => {
    const logsId = dev.logicalId(dev.stack.logsBucket.node.defaultChild);
    for (const [bucket, prefix] of [
      [dev.stack.mediaBucket, 's3/media/'],
      [dev.stack.webBucket, 's3/web/'],
    ] as const) {
      expect(dev.props(dev.logicalId(bucket.node.defaultChild)).LoggingConfiguration).toEqual({
        DestinationBucketName: { Ref: logsId },
        LogFilePrefix: prefix,
      });
    }
    const logs = dev.props(logsId);
    // CloudFront's standard logs arrive with an ACL.
    expect(logs.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] });
    expect(logs.LifecycleConfiguration).toEqual({
      Rules: [{ Id: 'ExpireLogs', ExpirationInDays: 30, Status: 'Enabled' }],
    });
    const [[, distribution] = []] = dev.ofType('AWS::CloudFront::Distribution');
    expect((distribution?.Properties?.DistributionConfig as { Logging?: unknown } | undefined)?.Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
  });

  it('let browsers upload media (CORS with ETag) and clean up abandoned multipart uploads', () => {
    const media = dev.props(dev.logicalId(dev.stack.mediaBucket.node.defaultChild));
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
    const mediaId = dev.logicalId(dev.stack.mediaBucket.node.defaultChild);
    const [[, policy] = []] = dev
      .ofType('AWS::S3::BucketPolicy')
      .filter(([, p]) => JSON.stringify(p.Properties?.Bucket) === JSON.stringify({ Ref: mediaId }));
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
    const deployments = prod.ofType('Custom::CDKBucketDeployment');
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
