/**
 * Where webhook deliveries wait (CONTRACT.md §7 Webhooks). In AWS: the SQS queue WEBHOOK_QUEUE_URL, consumed by
 * the webhook-delivery Lambda, and WEBHOOK_DEAD_LETTER_QUEUE_URL for a delivery that failed its whole schedule.
 * Locally (and in tests) the stack's in-process queue (functions/webhook-delivery/local-queue.ts) registers here
 * and takes them instead, running the same delivery code.
 */
import type { ContentEvent } from '../../shared/content-events';
import { config } from '../lib/config';
import { processWide } from '../lib/process-wide';

/** One delivery of one event to one hook, as it waits in the queue. */
export interface WebhookDeliveryMessage {
  webhookId: string;
  event: ContentEvent;
  /** 1 for the first try; each retry adds one. */
  attempt: number;
  /** Queued again by hand (Redeliver), not by the content change itself. */
  redelivery: boolean;
  /**
   * Not before this time (ISO). SQS delays a message 15 minutes at most, so a longer wait of the back-off is a few
   * hops: a message received early is sent on again, unattempted, for what remains.
   */
  notBefore?: string;
}

/** The in-process stand-in for the two queues. */
export interface LocalWebhookSink {
  send(message: WebhookDeliveryMessage, delaySeconds: number): void;
  deadLetter(message: WebhookDeliveryMessage, reason: string): void;
}

/** Process-wide: in bundle mode the copy of this module that queues is a Lambda bundle's, not the stack's. */
const local = processWide('webhook-local-queue', () => ({ sink: undefined as LocalWebhookSink | undefined }));

/** The local stack's (or a test's) queue takes the deliveries of this process; undefined goes back to SQS. */
export function queueLocallyWith(sink: LocalWebhookSink | undefined): void {
  local.sink = sink;
}

/** Queues one delivery, to be tried after `delaySeconds` (SQS itself waits at most 900 of them: see notBefore). */
export async function enqueueDelivery(message: WebhookDeliveryMessage, delaySeconds = 0): Promise<void> {
  if (local.sink) {
    local.sink.send(message, delaySeconds);
    return;
  }
  const queueUrl = config.webhookQueueUrl;
  if (!queueUrl) throw new Error('No webhook queue: WEBHOOK_QUEUE_URL is not set');
  const { sendToQueue } = await import('../lib/queue');
  await sendToQueue(queueUrl, message, delaySeconds);
}

/** Keeps a delivery that failed every attempt of its schedule, for an operator to look at. */
export async function deadLetterDelivery(message: WebhookDeliveryMessage, reason: string): Promise<boolean> {
  if (local.sink) {
    local.sink.deadLetter(message, reason);
    return true;
  }
  const queueUrl = config.webhookDeadLetterQueueUrl;
  if (!queueUrl) return false;
  const { sendToQueue } = await import('../lib/queue');
  await sendToQueue(queueUrl, { ...message, reason });
  return true;
}
