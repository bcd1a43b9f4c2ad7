/**
 * What the edge's key store must hold, from the table stream's content-key records, and how it is brought there
 * (infra/README.md → Delivery API at the edge). The store maps a live key's id to the hex SHA-256 of the whole key,
 * the `hash` its item holds (functions/content-key/model.ts); a revoked or removed key has no entry, so the
 * CloudFront Function refuses it. Each write is conditional on the store's ETag: a write that lost a race reads the
 * new ETag and is made again, and writing what is already there changes nothing, so a retried batch is harmless.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';

/**
 * A content key's item: `APIKEY#<id>` / `APIKEY` (functions/content-key/model.ts, whose entity this does not import:
 * this Lambda reads no table; tests/infra/delivery.test.ts checks the two agree).
 */
export const KEY_ITEM = { pkPrefix: 'APIKEY#', sk: 'APIKEY' } as const;

/** An id's entry as it must end up: its hash when the key is live, none when revoked or removed. */
export interface KeyChange {
  id: string;
  hash: string | undefined;
  /** The sequence number of the batch's first record of this key: where a retry must start from. */
  first: string;
}

type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];
/** The stream's attribute values are DynamoDB's own JSON, which the SDK's types spell differently. */
const plain = (image: Image) => (image ? unmarshall(image as Record<string, AttributeValue>) : {});

const HASH = /^[0-9a-f]{64}$/;

/** Each key's last state in the batch, in the order of its first record. */
export function keyChangesOf(records: readonly DynamoDBRecord[]): KeyChange[] {
  const changes = new Map<string, KeyChange>();
  for (const record of records) {
    const keys = plain(record.dynamodb?.Keys);
    if (typeof keys.pk !== 'string' || !keys.pk.startsWith(KEY_ITEM.pkPrefix) || keys.sk !== KEY_ITEM.sk) continue;
    const id = keys.pk.slice(KEY_ITEM.pkPrefix.length);
    const item = record.eventName === 'REMOVE' ? {} : plain(record.dynamodb?.NewImage);
    const live = typeof item.hash === 'string' && HASH.test(item.hash) && !item.revokedAt;
    const first = changes.get(id)?.first ?? record.dynamodb?.SequenceNumber ?? '';
    changes.set(id, { id, hash: live ? (item.hash as string) : undefined, first });
  }
  return [...changes.values()];
}

/** The key value store's calls the sync makes, each conditional on the store's current ETag. */
export interface EdgeKeyStore {
  etag(): Promise<string>;
  /** Sets id → hash; the store's new ETag. */
  put(id: string, hash: string, ifMatch: string): Promise<string>;
  /** Removes id; the store's new ETag, or undefined when it held no such id (nothing changed). */
  remove(id: string, ifMatch: string): Promise<string | undefined>;
}

/** A write refused because the store changed since its ETag was read (another write came first). */
export const isConflict = (error: unknown) => error instanceof Error && error.name === 'ConflictException';

/** How often one change is made again after losing a race, before the batch is left to the stream's retries. */
export const CONFLICT_ATTEMPTS = 5;

/**
 * Makes the changes in order; the first that fails (after its conflict retries) and every change after it are
 * left undone, and it is returned with its error.
 */
export async function applyKeyChanges(
  store: EdgeKeyStore,
  changes: readonly KeyChange[],
): Promise<{ failed?: KeyChange; error?: unknown }> {
  if (changes.length === 0) return {};
  let etag: string | undefined;
  for (const change of changes) {
    for (let attempt = 1; ; attempt++) {
      try {
        etag ??= await store.etag();
        etag = change.hash
          ? await store.put(change.id, change.hash, etag)
          : ((await store.remove(change.id, etag)) ?? etag);
        break;
      } catch (error) {
        if (isConflict(error) && attempt < CONFLICT_ATTEMPTS) {
          etag = undefined;
          continue;
        }
        return { failed: change, error };
      }
    }
  }
  return {};
}
