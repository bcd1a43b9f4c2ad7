/**
 * The whole Admin Portal in one stack (infra/README.md): CloudFront in front of the web bucket, the HTTP API and the
 * media bucket; one Lambda per resource built from shared/api.ts; one DynamoDB table built from
 * functions/lib/db/table.ts; the publisher on a one-minute schedule.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Annotations, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, type HttpRouteIntegration } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambdaCore from 'aws-cdk-lib/aws-lambda';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { INDEX_LIST, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/db/table';
import { PUBLISHED_PREFIX, UPLOADS_PREFIX } from '../../functions/lib/media-keys';
import { NAMED_RECORDS } from '../../functions/name-sync/sources';
import { API_BASE, MEDIA_BASE, ORIGIN_SECRET_HEADER } from '../../shared/addresses';
import { LAMBDAS, type LambdaName, ROUTES, routePath } from '../../shared/api';
import { API_SECURITY_HEADERS, adminAppHeaders, MEDIA_SECURITY_HEADERS } from '../../shared/security-headers';
import { cdkBundling, handlerEntry, ROOT } from './bundling';
import { apiViewerRequestCode, spaFallbackCode } from './edge-functions';
import {
  BACKGROUND_FUNCTIONS,
  type FunctionName,
  LONG_RUNNING,
  MEDIA_ACCESS,
  MEDIA_SWEEPER,
  MEMORY_MB,
  NAME_SYNC,
  PUBLISHER,
  TRASH_SWEEPER,
} from './functions';
import { responseHeadersPolicy } from './response-headers';

/** Where Vite puts the hashed build output, under web/dist. */
export const WEB_ASSETS_DIR = 'assets';

/**
 * What browsers are told to do with the admin app's files, as the local gateway tells them
 * (infra/local/static-files.ts; the infra and integration tests hold both to these values).
 */
export const WEB_CACHE_CONTROL = {
  /** Hashed files: a new build gives a changed file a new name. */
  assets: 'public, max-age=31536000, immutable',
  /** index.html: revalidated on every load, so a deploy reaches everyone at once. */
  root: 'no-cache',
} as const;

export interface AdminPortalStackProps extends StackProps {
  /** `dev` is disposable (everything destroyed with the stack); any other stage keeps its data. */
  stage: string;
  /** Origins allowed to PUT to the media bucket with presigned URLs. */
  allowedOrigins: string[];
  /** The built web app; defaults to web/dist. When missing the stack is still valid, without the upload. */
  webDist?: string;
}

export class AdminPortalStack extends Stack {
  /** Every Lambda by name (the route Lambdas of shared/api.ts and the publisher), for outputs and tests. */
  readonly functions = new Map<FunctionName, NodejsFunction>();
  readonly table: dynamodb.Table;
  readonly mediaBucket: s3.Bucket;
  readonly webBucket: s3.Bucket;
  readonly api: HttpApi;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: AdminPortalStackProps) {
    super(scope, id, props);
    const disposable = props.stage === 'dev';
    const removalPolicy = disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;

    const names: FunctionName[] = [...LAMBDAS, ...BACKGROUND_FUNCTIONS];
    const missing = names.map(handlerEntry).filter((entry) => !existsSync(entry));
    if (missing.length > 0) {
      throw new Error(`Missing Lambda handlers: ${missing.map((entry) => relative(ROOT, entry)).join(', ')}`);
    }

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

    const privateBucket: s3.BucketProps = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      removalPolicy,
      autoDeleteObjects: disposable,
    };
    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      ...privateBucket,
      // Browsers PUT file bytes straight to S3 with presigned URLs; the signature is the authorization, so
      // CORS only narrows which pages may do it (default `*`, set the context `allowedOrigins` to tighten).
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST],
          allowedOrigins: props.allowedOrigins,
          allowedHeaders: ['*'],
          // Multipart uploads read each part's ETag to complete the upload.
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'AbortIncompleteMultipartUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads are copied to media/ once checked and deleted; what is left was never completed or checked.
        { id: 'ExpireUploads', prefix: UPLOADS_PREFIX, expiration: Duration.days(1) },
      ],
    });
    // By construction, a presigned URL (query-string auth) or a browser form POST can only write to uploads/ and
    // never delete: the checked copies under media/ are written only by the asset Lambda's own signed requests.
    this.mediaBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'PresignedWritesOnlyToUploads',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:PutObject'],
        notResources: [this.mediaBucket.arnForObjects(`${UPLOADS_PREFIX}*`)],
        conditions: { StringNotEquals: { 's3:authType': 'REST-HEADER' } },
      }),
    );
    this.mediaBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'NoPresignedDeletes',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
        resources: [this.mediaBucket.arnForObjects('*')],
        conditions: { StringNotEquals: { 's3:authType': 'REST-HEADER' } },
      }),
    );
    this.webBucket = new s3.Bucket(this, 'WebBucket', privateBucket);

    const jwtSecret = new secretsmanager.Secret(this, 'JwtSecret', {
      description: `Admin Portal (${props.stage}) JWT signing key`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });

    // CloudFront sends this value in x-origin-verify on every API request; the Lambdas refuse requests without
    // it, so the API is reachable only through CloudFront and the viewer address it passes cannot be forged.
    const originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: `Admin Portal (${props.stage}) CloudFront-to-API origin header value`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy,
    });

    // Route Lambdas read the secret through AWS's Parameters and Secrets extension (a local HTTP call, cached
    // by the extension) instead of bundling the Secrets Manager client: ~30 KB less in every route Lambda.
    const secretsExtension = lambdaCore.ParamsAndSecretsLayerVersion.fromVersion(
      lambdaCore.ParamsAndSecretsVersions.V1_0_103,
      { cacheEnabled: true, secretsManagerTtl: Duration.minutes(5) },
    );

    const lambda = (
      name: FunctionName,
      memorySize: number,
      timeout: Duration,
      environment: Record<string, string>,
      paramsAndSecrets?: lambdaCore.ParamsAndSecretsLayerVersion,
    ) => {
      const fn = new NodejsFunction(this, `${name}-fn`, {
        paramsAndSecrets,
        entry: handlerEntry(name),
        handler: 'handler',
        projectRoot: ROOT,
        depsLockFilePath: join(ROOT, 'package-lock.json'),
        runtime: Runtime.NODEJS_22_X,
        architecture: Architecture.ARM_64,
        memorySize,
        timeout,
        bundling: cdkBundling,
        environment,
        description: `Admin Portal (${props.stage}): ${name}`,
        logGroup: new logs.LogGroup(this, `${name}-logs`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy }),
      });
      this.table.grantReadWriteData(fn);
      this.functions.set(name, fn);
      return fn;
    };

    const integrations = new Map<LambdaName, HttpRouteIntegration>();
    for (const name of LAMBDAS) {
      const fn = lambda(
        name,
        MEMORY_MB[name] ?? 512,
        Duration.seconds(LONG_RUNNING.includes(name) ? 29 : 10),
        {
          TABLE_NAME: this.table.tableName,
          MEDIA_BUCKET: this.mediaBucket.bucketName,
          JWT_SECRET_ARN: jwtSecret.secretArn,
          ORIGIN_SECRET_ARN: originSecret.secretArn,
        },
        secretsExtension,
      );

      jwtSecret.grantRead(fn);
      originSecret.grantRead(fn);
      const access = MEDIA_ACCESS[name];
      const uploads = `${UPLOADS_PREFIX}*`;
      const published = `${PUBLISHED_PREFIX}*`;
      if (access === 'readPublished') this.mediaBucket.grantRead(fn, published);
      if (access === 'uploads') {
        // Read and put on uploads/ (grantPut includes s3:Abort* for multipart), read and put on media/ (the
        // checked copy), delete on uploads/ only. The tests check it.
        this.mediaBucket.grantRead(fn, uploads);
        this.mediaBucket.grantPut(fn, uploads);
        this.mediaBucket.grantDelete(fn, uploads);
        this.mediaBucket.grantRead(fn, published);
        this.mediaBucket.grantPut(fn, published);
      }
      integrations.set(name, new HttpLambdaIntegration(`${name}-integration`, fn));
    }

    const integration = (name: LambdaName): HttpRouteIntegration => {
      const found = integrations.get(name);
      if (!found) throw new Error(`No Lambda named ${name} in LAMBDAS`);
      return found;
    };
    // The auth Lambda's router answers any unknown route with a 404 in the API's error shape.
    this.api = new HttpApi(this, 'Api', {
      description: `Admin Portal (${props.stage}) API`,
      defaultIntegration: integration('auth'),
    });
    for (const route of ROUTES) {
      this.api.addRoutes({
        path: routePath(route.path),
        methods: [HttpMethod[route.method]],
        integration: integration(route.lambda),
      });
    }

    const publisher = lambda(PUBLISHER, 256, Duration.seconds(30), { TABLE_NAME: this.table.tableName });
    new events.Rule(this, 'PublisherSchedule', {
      description: 'Publishes Scheduled articles whose time has come',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      // The next run is a minute away: no retries piling up behind it.
      targets: [new targets.LambdaFunction(publisher, { retryAttempts: 0 })],
    });

    // Checked files no record referenced within a day are deleted (record, then the object under media/).
    const sweeper = lambda(MEDIA_SWEEPER, 256, Duration.seconds(60), {
      TABLE_NAME: this.table.tableName,
      MEDIA_BUCKET: this.mediaBucket.bucketName,
    });
    this.mediaBucket.grantDelete(sweeper, `${PUBLISHED_PREFIX}*`);
    new events.Rule(this, 'MediaSweeperSchedule', {
      description: 'Deletes checked files that no record referenced within a day',
      schedule: events.Schedule.rate(Duration.hours(1)),
      targets: [new targets.LambdaFunction(sweeper, { retryAttempts: 0 })],
    });

    // What has been in a trash for 30 days is deleted for good, with all it owns (functions/trash/). The trashed
    // items' TTL, a day later, is only a backstop should this stop running.
    const trashSweeper = lambda(TRASH_SWEEPER, 256, Duration.minutes(5), { TABLE_NAME: this.table.tableName });
    new events.Rule(this, 'TrashSweeperSchedule', {
      description: 'Deletes for good what has been in a trash for 30 days',
      schedule: events.Schedule.rate(Duration.hours(1)),
      targets: [new targets.LambdaFunction(trashSweeper, { retryAttempts: 0 })],
    });

    // A rename of a category, user or client brings the names copied into list rows up to date
    // (functions/README.md → Names in list rows). Only MODIFY events of those items reach the Lambda (the name
    // change itself is checked in it); a failing record is retried, its batch halved, and after the retries
    // its event goes to the dead-letter queue, the sync then to be run again by hand.
    const nameSync = lambda(NAME_SYNC, 256, Duration.minutes(15), { TABLE_NAME: this.table.tableName });
    this.table.grantStreamRead(nameSync);
    const nameSyncFailures = new sqs.Queue(this, 'NameSyncFailures', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy,
    });
    nameSync.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: lambdaCore.StartingPosition.LATEST,
        batchSize: 10,
        bisectBatchOnError: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(12),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(nameSyncFailures),
        filters: NAMED_RECORDS.map((named) =>
          lambdaCore.FilterCriteria.filter({
            eventName: lambdaCore.FilterRule.isEqual('MODIFY'),
            dynamodb: {
              Keys: {
                pk: { S: lambdaCore.FilterRule.beginsWith(named.pkPrefix) },
                sk: { S: lambdaCore.FilterRule.isEqual(named.sk) },
              },
            },
          }),
        ),
      }),
    );

    const viewerRequest = (id: string, code: string): cloudfront.FunctionAssociation[] => [
      {
        eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
        function: new cloudfront.Function(this, id, {
          code: cloudfront.FunctionCode.fromInline(code),
          runtime: cloudfront.FunctionRuntime.JS_2_0,
        }),
      },
    ];
    // The same headers the local gateway sends (shared/security-headers.ts). Browsers upload straight to the
    // media bucket's regional endpoint, which the admin's connect-src must allow.
    const uploadOrigin = `https://${this.mediaBucket.bucketRegionalDomainName}`;
    const appHeaders = responseHeadersPolicy(this, 'AppHeaders', 'Admin app', adminAppHeaders(uploadOrigin));
    const apiHeaders = responseHeadersPolicy(this, 'ApiHeaders', 'Admin API', API_SECURITY_HEADERS);
    const mediaHeaders = responseHeadersPolicy(this, 'MediaHeaders', 'Uploaded files', MEDIA_SECURITY_HEADERS);
    // The API domain without the scheme: apiEndpoint is `https://<id>.execute-api.<region>.amazonaws.com`.
    const apiDomain = Fn.select(2, Fn.split('/', this.api.apiEndpoint));
    const webOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.webBucket);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Admin Portal (${props.stage})`,
      defaultRootObject: 'index.html',
      // No custom error responses: they would turn the API's JSON 404s into index.html. The SPA fallback is
      // the viewer-request function on the default behaviour instead.
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // CachingOptimized keys on the accepted encodings, so CloudFront compresses (brotli, else gzip).
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: appHeaders,
        functionAssociations: viewerRequest('SpaFallback', spaFallbackCode),
      },
      additionalBehaviors: {
        // The app's hashed files: compressed and cached like the rest, without the SPA fallback function (a file
        // there has a name with a dot anyway), so an asset costs no function invocation.
        [`/${WEB_ASSETS_DIR}/*`]: {
          origin: webOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          responseHeadersPolicy: appHeaders,
        },
        [`${API_BASE}/*`]: {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            // A CloudFormation dynamic reference: resolved at deploy time, never written into the template.
            customHeaders: { [ORIGIN_SECRET_HEADER]: originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          // With caching disabled this policy forwards the Authorization header too; the Host header must
          // stay API Gateway's own.
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
          functionAssociations: viewerRequest('ApiPath', apiViewerRequestCode(API_BASE)),
        },
        // The URL path is the object key (`/media/x` is `media/x`, CloudFront normalizes dot segments before it
        // matches a behaviour): only checked copies under media/ are ever served, never uploads/.
        [`${MEDIA_BASE}/*`]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(this.mediaBucket, {
            originAccessLevels: [cloudfront.AccessLevel.READ],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: mediaHeaders,
        },
      },
    });

    const webDist = props.webDist ?? join(ROOT, 'web', 'dist');
    if (existsSync(webDist)) {
      // The hashed files first, kept for a year by browsers (their names change with their content), and never
      // pruned: a tab opened before a deploy still loads its lazy screens from the build it started with.
      const assets = new s3deploy.BucketDeployment(this, 'WebAssetsDeployment', {
        sources: [s3deploy.Source.asset(webDist)],
        destinationBucket: this.webBucket,
        exclude: ['*'],
        include: [`${WEB_ASSETS_DIR}/*`],
        cacheControl: [s3deploy.CacheControl.fromString(WEB_CACHE_CONTROL.assets)],
        prune: false,
      });
      // Then index.html (and any other root file), asked again on every load; the invalidation drops the edge's
      // copies.
      const root = new s3deploy.BucketDeployment(this, 'WebDeployment', {
        sources: [s3deploy.Source.asset(webDist)],
        destinationBucket: this.webBucket,
        exclude: [`${WEB_ASSETS_DIR}/*`],
        cacheControl: [s3deploy.CacheControl.fromString(WEB_CACHE_CONTROL.root)],
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
      root.node.addDependency(assets);
    } else {
      Annotations.of(this).addWarningV2(
        'admin-portal:web-dist-missing',
        `${relative(ROOT, webDist)} does not exist: the web app is NOT deployed. Run \`npm run build:web\` first.`,
      );
    }

    new CfnOutput(this, 'DistributionUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucketName });
  }
}
