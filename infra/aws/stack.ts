/**
 * The whole Admin Portal in one stack (infra/README.md): CloudFront in front of the web bucket, the HTTP API and the
 * media bucket; one Lambda per resource built from shared/api.ts; one DynamoDB table built from
 * functions/lib/db/table.ts; the publisher on a one-minute schedule; the alarms and the dashboard. Its options are
 * the context values of context.ts.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi, HttpRouteIntegration } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambdaCore from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { INDEX_LIST, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/db/table';
import { PUBLISHED_PREFIX } from '../../functions/lib/media-keys';
import { LAMBDAS, type LambdaName } from '../../shared/api';
import { addHttpApi } from './api';
import { addBackgroundJobs } from './background-jobs';
import { handlerEntry, ROOT } from './bundling';
import type { DeployContext } from './context';
import { addDashboard } from './dashboard';
import { addCdnInvalidator, addDelivery } from './delivery';
import {
  AD_TOKEN_SIGNING,
  ALL_FUNCTIONS,
  type FunctionName,
  LONG_RUNNING,
  MEDIA_ACCESS,
  MEMORY_MB,
  PREVIEW_SIGNING,
  WITHOUT_SIGN_IN,
} from './functions';
import { lambdaFactory } from './lambdas';
import { addMonitoring } from './monitoring';
import { acknowledge, acknowledgeCdkInternals } from './nag';
import { addBuckets, grantMedia, grantRenditions, grantUploads } from './storage';
import { addWebHosting } from './web-hosting';

/** The context values (context.ts), the stack's environment and, for tests, where the built app is. */
export interface AdminPortalStackProps extends StackProps, DeployContext {
  /** The built web app; defaults to web/dist. When missing the stack is still valid, without the upload. */
  webDist?: string;
}

export class AdminPortalStack extends Stack {
  /** Every Lambda by name (the route Lambdas of shared/api.ts and the background ones), for outputs and tests. */
  readonly functions = new Map<FunctionName, lambdaCore.Function>();
  readonly table: dynamodb.Table;
  readonly mediaBucket: s3.Bucket;
  readonly webBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;
  readonly api: HttpApi;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: AdminPortalStackProps) {
    super(scope, id, props);
    const disposable = props.stage === 'dev';
    const removalPolicy = disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;

    const missing = ALL_FUNCTIONS.map(handlerEntry).filter((entry) => !existsSync(entry));
    if (missing.length > 0) {
      throw new Error(`Missing Lambda handlers: ${missing.map((entry) => relative(ROOT, entry)).join(', ')}`);
    }

    // Encrypted at rest with DynamoDB's own key (the default; a customer key would add KMS costs to every request
    // and a key that has to outlive every backup). Point-in-time recovery: 35 days, restored to a new table
    // (infra/README.md → Restore the table).
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: dynamodb.AttributeType.STRING },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: !disposable,
      removalPolicy,
      // The name-sync Lambda reads renames from it (old and new name).
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
    });
    for (const index of INDEX_LIST) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    const buckets = addBuckets(this, {
      removalPolicy,
      disposable,
      allowedOrigins: props.allowedOrigins,
      logRetentionDays: props.logRetentionDays,
    });
    this.mediaBucket = buckets.mediaBucket;
    this.webBucket = buckets.webBucket;
    this.logsBucket = buckets.logsBucket;

    const noRotation =
      'Rotated by hand (infra/README.md → Rotate a secret): the Lambdas keep it per container, so a rotation is a deploy with a new secretsRevision, not a rotation Lambda.';
    const jwtSecret = new secretsmanager.Secret(this, 'JwtSecret', {
      description: `Admin Portal (${props.stage}) JWT signing key`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    acknowledge(jwtSecret, { 'AwsSolutions-SMG4': noRotation });
    // Signs preview tokens (functions/preview/token.ts), apart from the JWT key: the preview Lambda that checks them
    // answers the public site's servers and must not hold a key that signs staff sessions.
    const previewSecret = new secretsmanager.Secret(this, 'PreviewSecret', {
      description: `Admin Portal (${props.stage}) preview link signing key`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    acknowledge(previewSecret, { 'AwsSolutions-SMG4': noRotation });
    // Signs ad tokens (functions/ad-serving/token.ts): the Lambda that checks them answers any reader's browser.
    const adTokenSecret = new secretsmanager.Secret(this, 'AdTokenSecret', {
      description: `Admin Portal (${props.stage}) ad token signing key`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    acknowledge(adTokenSecret, { 'AwsSolutions-SMG4': noRotation });

    // CloudFront sends this value in x-origin-verify on every API request; the Lambdas refuse requests without
    // it, so the API is reachable only through CloudFront and the viewer address it passes cannot be forged.
    const originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: `Admin Portal (${props.stage}) CloudFront-to-API origin header value`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy,
    });
    acknowledge(originSecret, { 'AwsSolutions-SMG4': noRotation });

    // Route Lambdas read the secret through AWS's Parameters and Secrets extension (a local HTTP call, cached
    // by the extension) instead of bundling the Secrets Manager client: ~30 KB less in every route Lambda.
    const secretsExtension = lambdaCore.ParamsAndSecretsLayerVersion.fromVersion(
      lambdaCore.ParamsAndSecretsVersions.V1_0_103,
      { cacheEnabled: true, secretsManagerTtl: Duration.minutes(5) },
    );

    const lambda = lambdaFactory(this, {
      stage: props.stage,
      table: this.table,
      removalPolicy,
      context: props,
      functions: this.functions,
    });

    const integrations = new Map<LambdaName, HttpRouteIntegration>();
    for (const name of LAMBDAS) {
      const signsIn = !WITHOUT_SIGN_IN.includes(name);
      const signsPreviews = PREVIEW_SIGNING.includes(name);
      const signsAdTokens = AD_TOKEN_SIGNING.includes(name);
      const fn = lambda(
        name,
        MEMORY_MB[name] ?? 512,
        Duration.seconds(LONG_RUNNING.includes(name) ? 29 : 10),
        {
          TABLE_NAME: this.table.tableName,
          MEDIA_BUCKET: this.mediaBucket.bucketName,
          ...(signsIn ? { JWT_SECRET_ARN: jwtSecret.secretArn } : {}),
          ...(signsPreviews ? { PREVIEW_SECRET_ARN: previewSecret.secretArn } : {}),
          ...(signsAdTokens ? { AD_TOKEN_SECRET_ARN: adTokenSecret.secretArn } : {}),
          ORIGIN_SECRET_ARN: originSecret.secretArn,
          // A new value makes every container start again, and read the secrets again.
          ...(props.secretsRevision ? { SECRETS_REVISION: props.secretsRevision } : {}),
        },
        { paramsAndSecrets: secretsExtension },
      );
      acknowledge(fn, {
        'Serverless-LambdaDLQ': 'Called synchronously by API Gateway: a failure is answered to the caller.',
      });

      if (signsIn) jwtSecret.grantRead(fn);
      if (signsPreviews) previewSecret.grantRead(fn);
      if (signsAdTokens) adTokenSecret.grantRead(fn);
      originSecret.grantRead(fn);
      const access = MEDIA_ACCESS[name];
      if (access === 'readPublished') grantMedia(fn, this.mediaBucket, PUBLISHED_PREFIX, ['s3:GetObject']);
      if (access === 'uploads') grantUploads(fn, this.mediaBucket);
      if (access === 'renditions') grantRenditions(fn, this.mediaBucket);
      // One invoke permission a Lambda for this API, not one a route (about 130): which route reaches which
      // Lambda is the integrations' doing either way, and the stack stays well within CloudFormation's 500 resources.
      integrations.set(name, new HttpLambdaIntegration(`${name}-integration`, fn, { scopePermissionToRoute: false }));
    }

    this.api = addHttpApi(this, {
      stage: props.stage,
      removalPolicy,
      context: props,
      integration: (name) => {
        const found = integrations.get(name);
        if (!found) throw new Error(`No Lambda named ${name} in LAMBDAS`);
        return found;
      },
    });

    const jobs = addBackgroundJobs(this, { lambda, table: this.table, mediaBucket: this.mediaBucket, removalPolicy });
    const delivery = addDelivery(this, {
      lambda,
      table: this.table,
      functions: this.functions,
      removalPolicy,
      stage: props.stage,
      webAclArn: props.webAclArn,
    });
    // A file removed from the media library is purged from the CDN with its renditions (functions/media-sweeper/).
    jobs.mediaSweeper.addEnvironment('INVALIDATION_QUEUE_URL', delivery.invalidations.queueUrl);
    delivery.invalidations.grantSendMessages(jobs.mediaSweeper);

    this.distribution = addWebHosting(this, {
      stage: props.stage,
      webBucket: this.webBucket,
      mediaBucket: this.mediaBucket,
      logsBucket: this.logsBucket,
      api: this.api,
      originSecret,
      webDist: props.webDist ?? join(ROOT, 'web', 'dist'),
      customDomain: props.customDomain,
      webAclArn: delivery.webAclArn,
      secretsRevision: props.secretsRevision,
      apiBehaviors: delivery.behaviors,
    });
    addCdnInvalidator({ lambda, distribution: this.distribution, delivery });

    const monitoring = addMonitoring(this, {
      stage: props.stage,
      functions: this.functions,
      api: this.api,
      table: this.table,
      publisherFailures: jobs.publisherFailures,
      nameSyncFailures: jobs.nameSyncFailures,
      deadLetters: [
        ...delivery.deadLetters,
        {
          id: 'MediaUsesDeadLetters',
          queue: jobs.mediaUsesFailures,
          description:
            "A change of a record could not be copied into its files' uses after its retries and waits in MediaUsesFailures (functions/README.md → Media library).",
        },
      ],
      invalidations: delivery.invalidations,
      alarmEmail: props.alarmEmail,
      removalPolicy,
    });
    const dashboard = addDashboard(this, {
      functions: this.functions,
      api: this.api,
      table: this.table,
      publisherFailures: jobs.publisherFailures,
      alarms: monitoring.alarms,
    });
    acknowledgeCdkInternals(this);

    new CfnOutput(this, 'DistributionUrl', { value: `https://${this.distribution.distributionDomainName}` });
    if (props.customDomain) new CfnOutput(this, 'AdminUrl', { value: `https://${props.customDomain.domainName}` });
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucketName });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: dashboard.dashboardName });
  }
}
