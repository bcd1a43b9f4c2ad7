/**
 * The table's changes, as its stream gives them, made into what readers see: the published projection
 * (functions/published/model.ts) made again for each record that changed, the CDN's copies of the paths that
 * changed purged (invalidations.ts) and the webhooks told (functions/webhook/dispatch.ts). In AWS the stream's
 * mapping calls it (infra/aws/delivery.ts, filtered to sources.ts); locally the local stack reads DynamoDB Local's
 * stream and calls it the same way (infra/local/table-stream.ts).
 *
 * Every projection reads the records as they are now rather than trusting the change's images, so a batch handled
 * twice, or changes arriving in another order, end the same. A failure reports the batch's first record, and the
 * mapping retries from there (bisecting); nothing is lost, and what was done already is done again harmlessly.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { ContentEvent } from '../../shared/content-events';
import { clock } from '../lib/clock';
import { newId } from '../lib/ids';
import { errorFields, logger } from '../lib/observability';
import { queueWebhookEvents } from '../webhook/dispatch';
import { queueInvalidation } from './invalidations';
import { type Outcome, project, workOf } from './project';

/** Purges the changed paths and tells the webhooks. */
export async function announce(outcome: Outcome): Promise<void> {
  const at = clock.iso();
  const events: ContentEvent[] = outcome.events.map((e) => ({ id: newId(), event: e.event, at, data: e.data }));
  await Promise.all([queueInvalidation(outcome.paths), events.length > 0 ? queueWebhookEvents(events) : undefined]);
}

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  try {
    await announce(await project(workOf(event)));
    return { batchItemFailures: [] };
  } catch (error) {
    logger().error('content changes failed', { records: event.Records.length, error: errorFields(error) });
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
}
