/**
 * When a failed webhook delivery is tried again (CONTRACT.md §7 Webhooks), exported for the CDK side
 * (infra/aws/delivery.ts: the queue's settings are sized from it).
 *
 * Seven attempts: the first at once, then after 1 minute, 5 minutes, 30 minutes, 2 hours, 6 hours and 12 hours,
 * 20 h 36 min after the first in all, inside a day. After the last, the delivery goes to the dead-letter queue.
 *
 * Why re-sends and not the queue's own retries: SQS delays a message 15 minutes at most (DelaySeconds ≤ 900), and
 * a visibility timeout set through ChangeMessageVisibility would count each wait as a receive against the
 * dead-letter queue's maxReceiveCount, mixing our back-off with the redrive that catches crashes. So the consumer
 * answers every message it handled (the attempt failed or not) and sends the next attempt as a new message with
 * `notBefore`; a wait over 15 minutes is several hops of at most 900 s, each received early and sent on unattempted
 * (`nextHop`). The queue's own redrive (batchItemFailures, then the dead-letter queue) is left for messages whose
 * handling itself failed (the table unreachable).
 */

/** Seconds to wait before attempt n + 2 after attempt n + 1 failed. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21600, 43200] as const;

/** Attempts in all: the first and one a delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** The longest delay SQS takes (DelaySeconds). */
export const SQS_MAX_DELAY_SECONDS = 900;

/** Seconds from the first attempt to the last, when every one fails. */
export const WEBHOOK_RETRY_SPAN_SECONDS = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0);

/** The wait after failed attempt `attempt` (1-based), or undefined when it was the last. */
export function retryDelaySeconds(attempt: number): number | undefined {
  return WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1];
}

/**
 * For a message due at `notBefore` and received at `nowMs`: undefined when it is due (a second early counts as
 * due: SQS's delays are not to the millisecond), else the seconds of the next hop, at most SQS's limit.
 */
export function nextHop(notBefore: string | undefined, nowMs: number): number | undefined {
  if (!notBefore) return undefined;
  const wait = Math.ceil((Date.parse(notBefore) - nowMs) / 1000);
  return wait > 1 ? Math.min(wait, SQS_MAX_DELAY_SECONDS) : undefined;
}
