/**
 * The table stream's consumer that keeps the CloudFront KeyValueStore of content keys in step with the table
 * (sync.ts, store.ts): the stack's event filter passes only content-key items; a live key is put, a revoked or
 * removed one deleted. A failure is reported from that key's first record in the batch on, so the stream retries
 * it and what follows (then bisects, then sends it to the dead-letter queue); the keys before it are done, and
 * writing one again changes nothing.
 */
import { CloudFrontKeyValueStoreClient } from '@aws-sdk/client-cloudfront-keyvaluestore';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { config } from '../lib/config';
import { backgroundHandler, errorFields, logger, tracer } from '../lib/observability';
import { keyValueStore } from './store';
import { applyKeyChanges, type EdgeKeyStore, keyChangesOf } from './sync';

let store: EdgeKeyStore | undefined;

/** The store named by EDGE_KEYS_ARN (set by the stack). */
function edgeKeyStore(): EdgeKeyStore {
  if (!store) {
    const kvsArn = process.env.EDGE_KEYS_ARN;
    if (!kvsArn) throw new Error('EDGE_KEYS_ARN is not set');
    const client = tracer().captureAWSv3Client(new CloudFrontKeyValueStoreClient({ region: config.region }));
    store = keyValueStore(client, kvsArn);
  }
  return store;
}

export const handler = backgroundHandler(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const changes = keyChangesOf(event.Records);
  const { failed, error } = await applyKeyChanges(edgeKeyStore(), changes);
  const done = failed ? changes.slice(0, changes.indexOf(failed)) : changes;
  for (const change of done) logger().info('edge key synced', { id: change.id, live: change.hash !== undefined });
  if (!failed) return { batchItemFailures: [] };
  logger().error('edge key sync failed', { id: failed.id, error: errorFields(error) });
  return { batchItemFailures: [{ itemIdentifier: failed.first }] };
});
