/**
 * The stack's buckets: media (uploads and checked files), the built web app, and the access logs of both and of
 * CloudFront; and what each Lambda may do in the media bucket (functions.ts → MEDIA_ACCESS).
 */

import type { CfnElement } from 'aws-cdk-lib';
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambdaCore from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { ORIGINALS_PREFIX, PUBLISHED_PREFIX, RENDITIONS_PREFIX, UPLOADS_PREFIX } from '../../functions/lib/media-keys';
import { acknowledge } from './nag';

export interface Buckets {
  mediaBucket: s3.Bucket;
  webBucket: s3.Bucket;
  /** S3 server access logs of the other two (s3/<bucket>/) and CloudFront's standard logs (cloudfront/). */
  logsBucket: s3.Bucket;
}

export interface BucketParts {
  removalPolicy: RemovalPolicy;
  /** dev: the buckets are emptied and deleted with the stack. */
  disposable: boolean;
  allowedOrigins: string[];
  logRetentionDays: logs.RetentionDays;
}

export const ACCESS_LOG_PREFIX = { media: 's3/media/', web: 's3/web/', cloudfront: 'cloudfront/' } as const;

export function addBuckets(
  stack: Stack,
  { removalPolicy, disposable, allowedOrigins, logRetentionDays }: BucketParts,
): Buckets {
  const privateBucket: s3.BucketProps = {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    encryption: s3.BucketEncryption.S3_MANAGED,
    removalPolicy,
    autoDeleteObjects: disposable,
  };

  const logsBucket = new s3.Bucket(stack, 'LogsBucket', {
    ...privateBucket,
    // CloudFront's standard logs are delivered with an ACL (its log-delivery account's), so ACLs stay enabled here;
    // S3 server access logs are let in by a bucket policy (the cdk.json flag serverAccessLogsUseBucketPolicy).
    // It logs nothing of its own (cdk-nag's S1 accepts a bucket that is the others' log target).
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ id: 'ExpireLogs', expiration: Duration.days(logRetentionDays) }],
  });

  const mediaBucket = new s3.Bucket(stack, 'MediaBucket', {
    ...privateBucket,
    serverAccessLogsBucket: logsBucket,
    serverAccessLogsPrefix: ACCESS_LOG_PREFIX.media,
    // Browsers PUT file bytes straight to S3 with presigned URLs; the signature is the authorization, so
    // CORS only narrows which pages may do it (default `*`, set the context `allowedOrigins` to tighten).
    cors: [
      {
        allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST],
        allowedOrigins,
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
  mediaBucket.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'PresignedWritesOnlyToUploads',
      effect: iam.Effect.DENY,
      principals: [new iam.AnyPrincipal()],
      actions: ['s3:PutObject'],
      notResources: [mediaBucket.arnForObjects(`${UPLOADS_PREFIX}*`)],
      conditions: { StringNotEquals: { 's3:authType': 'REST-HEADER' } },
    }),
  );
  mediaBucket.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'NoPresignedDeletes',
      effect: iam.Effect.DENY,
      principals: [new iam.AnyPrincipal()],
      actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
      resources: [mediaBucket.arnForObjects('*')],
      conditions: { StringNotEquals: { 's3:authType': 'REST-HEADER' } },
    }),
  );

  const webBucket = new s3.Bucket(stack, 'WebBucket', {
    ...privateBucket,
    serverAccessLogsBucket: logsBucket,
    serverAccessLogsPrefix: ACCESS_LOG_PREFIX.web,
  });
  return { mediaBucket, webBucket, logsBucket };
}

/**
 * Lets a function do `actions` on the media bucket's objects under `prefix`, and only there: exact actions, no
 * `s3:GetObject*`-style wildcards. The key prefix itself is a wildcard resource, acknowledged here.
 */
export function grantMedia(fn: lambdaCore.Function, mediaBucket: s3.Bucket, prefix: string, actions: string[]): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [mediaBucket.arnForObjects(`${prefix}*`)] }));
  const bucketId = Stack.of(mediaBucket).getLogicalId(mediaBucket.node.defaultChild as CfnElement);
  acknowledge(fn, {
    [`AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`]: `Objects under ${prefix} of the media bucket: keys are made at run time (one per upload), so the grant is the prefix.`,
  });
}

/**
 * The media-render Lambda: reads a picture's private original (originals/) or, for one checked before originals
 * were kept, its served copy (media/), and stored renditions; puts renditions under media/r/ and nowhere else.
 */
export function grantRenditions(fn: lambdaCore.Function, mediaBucket: s3.Bucket): void {
  grantMedia(fn, mediaBucket, ORIGINALS_PREFIX, ['s3:GetObject']);
  grantMedia(fn, mediaBucket, PUBLISHED_PREFIX, ['s3:GetObject']);
  grantMedia(fn, mediaBucket, RENDITIONS_PREFIX, ['s3:PutObject']);
}

/** Read and put on uploads/ and media/, delete on uploads/ only (the asset Lambda; the tests check it). */
export function grantUploads(fn: lambdaCore.Function, mediaBucket: s3.Bucket): void {
  // Presigned PUT and multipart parts (PutObject), its abort, reading the upload to check it (and its tags, which
  // CopyObject carries over), deleting it once copied.
  grantMedia(fn, mediaBucket, UPLOADS_PREFIX, [
    's3:GetObject',
    's3:GetObjectTagging',
    's3:PutObject',
    's3:AbortMultipartUpload',
    's3:DeleteObject',
  ]);
  // The checked copy (CopyObject, the rewritten SVG or the cleaned picture).
  grantMedia(fn, mediaBucket, PUBLISHED_PREFIX, ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging']);
  // A picture's untouched upload (CopyObject), and the presigned GET that lets staff download it.
  grantMedia(fn, mediaBucket, ORIGINALS_PREFIX, ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging']);
}
