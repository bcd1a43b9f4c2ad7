/**
 * The invalidation queue's consumer (infra/README.md → Delivery API at the edge): the stack's mapping hands it the
 * messages of a few seconds (`{ "paths": [...] }`, functions/content-changes/invalidations.ts), and it makes one
 * CloudFront invalidation of their paths, deduplicated and collapsed within CloudFront's limits (paths.ts).
 *
 * When CloudFront refuses (too many invalidations in progress, throttled, or any other error), every message of
 * the batch is reported failed, so SQS hands them out again: after a short wait that grows with each receive when
 * CloudFront is only busy, after the queue's visibility timeout otherwise, and to the dead-letter queue after
 * the queue's receive limit. A message that is not one of ours is reported failed on its own, for the same end.
 */
import { createHash } from 'node:crypto';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { ChangeMessageVisibilityBatchCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { InvalidationMessage } from '../content-changes/invalidations';
import { config } from '../lib/config';
import { backgroundHandler, errorFields, logger, tracer } from '../lib/observability';
import { sqs } from '../lib/queue';
import { invalidationPaths } from './paths';

let client: CloudFrontClient | undefined;
const cloudfront = () => {
  client ??= tracer().captureAWSv3Client(new CloudFrontClient({ region: config.region }));
  return client;
};

/** The paths of a message, or undefined when it is not an InvalidationMessage. */
export function pathsOf(body: string): string[] | undefined {
  try {
    const message = JSON.parse(body) as Partial<InvalidationMessage>;
    const { paths } = message;
    return Array.isArray(paths) && paths.every((p) => typeof p === 'string' && p.startsWith('/')) ? paths : undefined;
  } catch {
    return undefined;
  }
}

/** CloudFront's answers that mean "not now": the messages come back soon, rather than after the visibility timeout. */
export function isBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
  return (
    ['TooManyInvalidationsInProgress', 'Throttling', 'ThrottlingException', 'ServiceUnavailable'].includes(
      error.name,
    ) ||
    status === 429 ||
    status >= 500
  );
}

/** Seconds before a busy batch's message is handed out again: 15 s more for each time it was received, at most 5 minutes. */
export const retryDelaySeconds = (record: SQSRecord) =>
  Math.min(300, 15 * Math.max(1, Number(record.attributes.ApproximateReceiveCount) || 1));

/**
 * The same paths in the same batch give the same reference, so a batch handed out again after its invalidation
 * was made (the function timed out after the call) makes no second one; the newest message's time tells a later
 * change of the same paths apart.
 */
export function callerReference(paths: readonly string[], records: readonly SQSRecord[]): string {
  const newest = Math.max(0, ...records.map((r) => Number(r.attributes.SentTimestamp) || 0));
  const digest = createHash('sha256')
    .update([...paths].sort().join('\n'))
    .digest('hex');
  return `${newest}-${digest.slice(0, 32)}`;
}

/** Hands busy messages out again after retryDelaySeconds, instead of the queue's visibility timeout. */
async function retrySoon(records: readonly SQSRecord[]): Promise<void> {
  const queueUrl = config.invalidationQueueUrl;
  if (!queueUrl) return;
  for (let i = 0; i < records.length; i += 10) {
    const entries = records.slice(i, i + 10).map((record, n) => ({
      Id: String(n),
      ReceiptHandle: record.receiptHandle,
      VisibilityTimeout: retryDelaySeconds(record),
    }));
    try {
      await sqs().send(new ChangeMessageVisibilityBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
    } catch (error) {
      // They come back after the visibility timeout instead.
      logger().warn('could not shorten the wait of busy invalidations', { error: errorFields(error) });
    }
  }
}

export const handler = backgroundHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failed: string[] = [];
  const taken: SQSRecord[] = [];
  const requested: string[] = [];
  for (const record of event.Records) {
    const paths = pathsOf(record.body);
    if (!paths) {
      logger().error('not an invalidation message', { messageId: record.messageId });
      failed.push(record.messageId);
      continue;
    }
    taken.push(record);
    requested.push(...paths);
  }
  const paths = invalidationPaths(requested);
  if (paths.length > 0) {
    const distributionId = process.env.DISTRIBUTION_ID;
    try {
      if (!distributionId) throw new Error('DISTRIBUTION_ID is not set');
      const answer = await cloudfront().send(
        new CreateInvalidationCommand({
          DistributionId: distributionId,
          InvalidationBatch: {
            CallerReference: callerReference(paths, taken),
            Paths: { Quantity: paths.length, Items: paths },
          },
        }),
      );
      logger().info('invalidation created', {
        invalidationId: answer.Invalidation?.Id,
        messages: taken.length,
        requested: requested.length,
        paths: paths.length,
      });
    } catch (error) {
      const busy = isBusy(error);
      logger()[busy ? 'warn' : 'error']('invalidation not created', {
        busy,
        messages: taken.length,
        paths: paths.length,
        error: errorFields(error),
      });
      if (busy) await retrySoon(taken);
      failed.push(...taken.map((r) => r.messageId));
    }
  }
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
});
