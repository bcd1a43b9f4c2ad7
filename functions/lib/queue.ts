/**
 * Sending to an SQS queue (AWS only: the CDN's invalidations and the webhooks' deliveries). Loaded on first use,
 * so a Lambda that never queues anything pays nothing for the client at start.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config } from './config';
import { tracer } from './observability';

let client: SQSClient | undefined;

export function sqs(): SQSClient {
  client ??= tracer().captureAWSv3Client(new SQSClient({ region: config.region }));
  return client;
}

/** Sends one JSON message, after `delaySeconds` (SQS allows up to 900). */
export async function sendToQueue(queueUrl: string, body: unknown, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(body),
      ...(delaySeconds > 0 ? { DelaySeconds: Math.min(900, Math.round(delaySeconds)) } : {}),
    }),
  );
}
