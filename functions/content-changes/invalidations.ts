/**
 * Where the paths a change affects go to be purged from the CDN. In AWS: one SQS message per change batch,
 * `{ "paths": [...] }`, on INVALIDATION_QUEUE_URL; the cdn-invalidator Lambda gathers the messages of a few
 * seconds, drops repeats and makes one CloudFront invalidation of them (infra/aws/delivery.ts). Locally the stack
 * registers the gateway's cache as the purger (infra/local/content-cache.ts), which drops them at once.
 */
import { config } from '../lib/config';
import { processWide } from '../lib/process-wide';

/** A message on the invalidation queue. */
export interface InvalidationMessage {
  paths: string[];
}

type Purger = (paths: readonly string[]) => void | Promise<void>;
/** Process-wide: in bundle mode the consumer running is the Lambda bundle's copy of this module, not the stack's. */
const local = processWide('local-purger', () => ({ purger: undefined as Purger | undefined }));

/** The local stack's CDN stand-in takes the paths itself. */
export function purgeLocallyWith(purger: Purger | undefined): void {
  local.purger = purger;
}

/** Queues `paths` (deduplicated) for purging; nothing to do when there are none. */
export async function queueInvalidation(paths: readonly string[]): Promise<void> {
  const unique = [...new Set(paths)].sort();
  if (unique.length === 0) return;
  if (local.purger) {
    await local.purger(unique);
    return;
  }
  const queueUrl = config.invalidationQueueUrl;
  if (!queueUrl) return;
  const { sendToQueue } = await import('../lib/queue');
  await sendToQueue(queueUrl, { paths: unique } satisfies InvalidationMessage);
}
