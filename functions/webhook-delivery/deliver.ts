/**
 * One attempt of one queued delivery (CONTRACT.md §7 Webhooks), the same code in the Lambda (handler.ts) and in
 * the local stack's queue (local-queue.ts): the hook read again (a removed or switched-off hook gets nothing),
 * the event signed and sent (send.ts), the attempt logged, the hook's run of failures moved atomically, and the
 * next attempt queued on the back-off schedule (schedule.ts) or the delivery given up to the dead-letter queue.
 * A receiver's 410 Gone switches the hook off at once; 20 failures in a row do too.
 */
import { WEBHOOK, WEBHOOK_HEADERS } from '../../shared/constants';
import { clock } from '../lib/clock';
import { newId } from '../lib/ids';
import { logDelivery, noteWebhookFailure, noteWebhookSuccess, switchWebhookOff, webhookModel } from '../webhook/model';
import { deadLetterDelivery, enqueueDelivery, type WebhookDeliveryMessage } from '../webhook/queue';
import { signatureOf } from '../webhook/signature';
import { nextHop, retryDelaySeconds } from './schedule';
import { PUBLIC_ONLY, postSigned, type SendPolicy } from './send';

export interface DeliveryOptions {
  /** Where it may connect: PUBLIC_ONLY unless a test passes its own (never read from the environment). */
  policy?: SendPolicy;
}

export type DeliveryOutcome =
  /** Not due yet: sent on for what remains of its wait. */
  | 'waiting'
  /** The hook is gone, switched off, or no longer asks for the event. */
  | 'skipped'
  | 'delivered'
  /** Failed; the next attempt is queued. */
  | 'retrying'
  /** Failed, and this failure switched the hook off (20 in a row, or 410 Gone). */
  | 'switched-off'
  /** Failed its last attempt: kept in the dead-letter queue. */
  | 'dead-lettered'
  /** Failed its last attempt, and no dead-letter queue is configured (WEBHOOK_DEAD_LETTER_QUEUE_URL): dropped. */
  | 'given-up';

const MAX_ERROR_LENGTH = 300;

function failureText(status: number | null, error: unknown): string {
  if (status === null) {
    const text = error instanceof Error ? error.message : String(error);
    return text.slice(0, MAX_ERROR_LENGTH) || 'The connection failed';
  }
  if (status >= 300 && status < 400) return `Redirect (${status}) not followed`;
  return `The receiver answered ${status}`;
}

export const GONE_REASON = 'The receiver answered 410 Gone';
export const failuresReason = (last: string) =>
  `Failed ${WEBHOOK.disableAfterFailures} times in a row; the last: ${last}`;

/** Makes one attempt of `message` (or sends it on, when it is not due yet) and says what came of it. */
export async function deliverMessage(
  message: WebhookDeliveryMessage,
  options: DeliveryOptions = {},
): Promise<DeliveryOutcome> {
  const hop = nextHop(message.notBefore, clock.now());
  if (hop !== undefined) {
    await enqueueDelivery(message, hop);
    return 'waiting';
  }
  const hook = await webhookModel.get(message.webhookId, true);
  if (!hook?.enabled) return 'skipped';
  if (!message.redelivery && !hook.events.includes(message.event.event)) return 'skipped';

  const body = JSON.stringify(message.event);
  const timestamp = clock.nowSeconds();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'AdminPortal-Webhooks/1',
    [WEBHOOK_HEADERS.signature]: signatureOf(hook.secret, timestamp, body),
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.id]: message.event.id,
    [WEBHOOK_HEADERS.event]: message.event.event,
    [WEBHOOK_HEADERS.attempt]: String(message.attempt),
  };
  const at = clock.iso();
  const started = performance.now();
  let status: number | null = null;
  let thrown: unknown;
  try {
    ({ status } = await postSigned(hook.url, body, headers, options.policy ?? PUBLIC_ONLY));
  } catch (error) {
    thrown = error;
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = status !== null && status >= 200 && status < 300;
  const error = ok ? null : failureText(status, thrown);
  await logDelivery({
    _id: newId(),
    webhookId: hook._id,
    eventId: message.event.id,
    event: message.event.event,
    attempt: message.attempt,
    redelivery: message.redelivery,
    at,
    ok,
    status,
    error,
    durationMs,
    payload: message.event,
  });

  const last = { at, ok, status };
  if (ok) {
    await noteWebhookSuccess(hook._id, last);
    return 'delivered';
  }
  if (status === 410) {
    await noteWebhookFailure(hook._id, last);
    await switchWebhookOff(hook._id, GONE_REASON, at);
    return 'switched-off';
  }
  await noteWebhookFailure(hook._id, last);
  const reason = failuresReason(error ?? 'failed');
  if (await switchWebhookOff(hook._id, reason, at, WEBHOOK.disableAfterFailures)) return 'switched-off';
  const delay = retryDelaySeconds(message.attempt);
  if (delay === undefined) {
    return (await deadLetterDelivery(message, error ?? 'failed')) ? 'dead-lettered' : 'given-up';
  }
  const notBefore = new Date(clock.now() + delay * 1000).toISOString();
  await enqueueDelivery({ ...message, attempt: message.attempt + 1, notBefore }, delay);
  return 'retrying';
}

/** A queue message's body as a delivery, or undefined when it is not one (it is then dropped, not retried). */
export function deliveryMessageOf(body: string): WebhookDeliveryMessage | undefined {
  try {
    const value = JSON.parse(body) as Partial<WebhookDeliveryMessage> | null;
    const event = value?.event;
    if (
      typeof value?.webhookId !== 'string' ||
      typeof value.attempt !== 'number' ||
      typeof event?.id !== 'string' ||
      typeof event.event !== 'string'
    ) {
      return undefined;
    }
    return value as WebhookDeliveryMessage;
  } catch {
    return undefined;
  }
}
