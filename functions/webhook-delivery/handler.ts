/**
 * The webhook queue's consumer (AWS: an SQS event source on WEBHOOK_QUEUE_URL, with ReportBatchItemFailures).
 * Each message is one attempt (deliver.ts), all of a batch at once (each waits at most 5 seconds on its receiver).
 * A failed attempt is not a failed message: its retry is queued by deliver.ts as a new message on the back-off
 * schedule (schedule.ts). Only a message whose handling threw (the table unreachable) is reported in
 * batchItemFailures, so SQS receives it again and, past the queue's maxReceiveCount, moves it to the dead-letter
 * queue.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { backgroundHandler, errorFields, logger } from '../lib/observability';
import { deliverMessage, deliveryMessageOf } from './deliver';

export const handler = backgroundHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const message = deliveryMessageOf(record.body);
      if (!message) {
        logger().error('webhook message unreadable', { messageId: record.messageId });
        return;
      }
      const about = { webhookId: message.webhookId, eventId: message.event.id, attempt: message.attempt };
      try {
        const outcome = await deliverMessage(message);
        logger().info('webhook delivery', { ...about, outcome });
      } catch (error) {
        logger().error('webhook delivery failed', { ...about, error: errorFields(error) });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
});
