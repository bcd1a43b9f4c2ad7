/**
 * The whole Admin Portal in one stack (infra/README.md): CloudFront in front of the web bucket, the HTTP API and the
 * media bucket; one Lambda per resource built from shared/api.ts; one DynamoDB table built from
 * functions/lib/db/table.ts; the publisher on a one-minute schedule.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, type HttpRouteIntegration } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambdaCore from 'aws-cdk-lib/aws-lambda';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { INDEX_LIST, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/db/table';
import { PUBLISHED_PREFIX, UPLOADS_PREFIX } from '../../functions/lib/media-keys';
import { LAMBDAS, type LambdaName, ROUTES, routePath } from '../../shared/api';
import { addBackgroundJobs } from './background-jobs';
import { cdkBundling, handlerEntry, ROOT } from './bundling';
import { BACKGROUND_FUNCTIONS, type FunctionName, LONG_RUNNING, MEDIA_ACCESS, MEMORY_MB } from './functions';
import { addWebHosting } from './web-hosting';

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

    addBackgroundJobs(this, { lambda, table: this.table, mediaBucket: this.mediaBucket, removalPolicy });

    this.distribution = addWebHosting(this, {
      stage: props.stage,
      webBucket: this.webBucket,
      mediaBucket: this.mediaBucket,
      api: this.api,
      originSecret,
      webDist: props.webDist ?? join(ROOT, 'web', 'dist'),
    });

    new CfnOutput(this, 'DistributionUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucketName });
  }
}
