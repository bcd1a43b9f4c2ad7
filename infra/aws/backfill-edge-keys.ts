/**
 * Fills the edge's key store (infra/README.md → Delivery API at the edge) with the content keys made before the
 * stack had one, or puts it right after its dead-letter queue held a change: every live key is put, every revoked
 * one removed, each write conditional on the store's ETag (functions/edge-keys/sync.ts), so a second run changes
 * nothing. Afterwards the edge-keys Lambda keeps the store in step by itself.
 *
 * TABLE_NAME=<TableName output> node infra/launcher/launch.mjs tsx infra/aws/backfill-edge-keys.ts <ContentKeyStoreArn output>
 * (default AWS credentials, allowed cloudfront-keyvaluestore:DescribeKeyValueStore, PutKey and DeleteKey on the store).
 */
import { CloudFrontKeyValueStoreClient } from '@aws-sdk/client-cloudfront-keyvaluestore';
import { contentKeyModel } from '../../functions/content-key/model';
import { keyValueStore } from '../../functions/edge-keys/store';
import { applyKeyChanges, type KeyChange } from '../../functions/edge-keys/sync';
import { tableName } from '../../functions/lib/db/client';
import { fail, requireTableFromEnvironment, runAsCommand } from './migration-env';

/** More keys than Site Management lists (functions/site-management/content-keys.ts listContentKeys). */
const MAX_KEYS = 1000;

async function main() {
  requireTableFromEnvironment();
  const kvsArn = process.argv[2];
  if (!kvsArn?.startsWith('arn:')) fail('Give the key store ARN (the stack output ContentKeyStoreArn).');
  const keys = await contentKeyModel.all(MAX_KEYS);
  const changes: KeyChange[] = keys.map((key) => ({
    id: key._id,
    hash: key.revokedAt ? undefined : key.hash,
    first: key._id,
  }));
  console.log(`Table ${tableName()}: ${changes.filter((c) => c.hash).length} live keys, ${keys.length} in all`);
  const store = keyValueStore(new CloudFrontKeyValueStoreClient({}), kvsArn);
  const { failed, error } = await applyKeyChanges(store, changes);
  if (failed) fail(`Stopped at key ${failed.id}: ${error instanceof Error ? error.message : String(error)}`);
  console.log('done: the key store holds every live key');
}

runAsCommand(import.meta.url, main);
