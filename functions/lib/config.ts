/** Everything a function reads from its environment. Only endpoints differ between AWS, LocalStack and a laptop. */
import { AUTH } from '../../shared/constants';
import { DEFAULT_MEDIA_BUCKET, DEFAULT_TABLE_NAME } from './db/table';

export const config = {
  get region() {
    return process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
  },
  /** The DynamoDB table (TABLE_NAME). */
  get table() {
    return process.env.TABLE_NAME ?? DEFAULT_TABLE_NAME;
  },
  get mediaBucket() {
    return process.env.MEDIA_BUCKET ?? DEFAULT_MEDIA_BUCKET;
  },
  /** Set locally (DynamoDB Local); unset in AWS. LocalStack uses the SDK's own AWS_ENDPOINT_URL. */
  get dynamoEndpoint() {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  get s3Endpoint() {
    return process.env.S3_ENDPOINT || undefined;
  },
  /** Where browsers reach S3 when it differs from S3_ENDPOINT (the local gateway proxies /s3). */
  get s3PublicEndpoint() {
    return process.env.S3_PUBLIC_ENDPOINT || undefined;
  },
  /**
   * How copied names follow a rename (functions/README.md → Names in list rows): `stream`, the table's stream
   * runs the name-sync Lambda (AWS); `inline`, the renaming process starts the same work itself (NAME_SYNC=inline,
   * set by the local stack, which has no stream).
   */
  get nameSync(): 'inline' | 'stream' {
    return process.env.NAME_SYNC === 'inline' ? 'inline' : 'stream';
  },
  /** How long an unused session lives (SESSION_IDLE_SECONDS; default AUTH.sessionIdleSeconds, 8 hours). */
  get sessionIdleSeconds() {
    const value = Number(process.env.SESSION_IDLE_SECONDS);
    return Number.isInteger(value) && value > 0 ? value : AUTH.sessionIdleSeconds;
  },
  /** The SQS queue of CDN invalidations (INVALIDATION_QUEUE_URL; AWS only: locally the gateway's cache purges). */
  get invalidationQueueUrl() {
    return process.env.INVALIDATION_QUEUE_URL || undefined;
  },
  /**
   * The SQS queue of webhook deliveries (WEBHOOK_QUEUE_URL; AWS only: locally the stack's in-process queue takes
   * them, functions/webhook-delivery/local-queue.ts).
   */
  get webhookQueueUrl() {
    return process.env.WEBHOOK_QUEUE_URL || undefined;
  },
  /** Where a delivery that failed every attempt of the schedule is kept (WEBHOOK_DEAD_LETTER_QUEUE_URL; AWS only). */
  get webhookDeadLetterQueueUrl() {
    return process.env.WEBHOOK_DEAD_LETTER_QUEUE_URL || undefined;
  },
};
