/**
 * The table's stream consumer (AWS): for each category, user or client whose name changed, every row copying the
 * name is brought up to date (service.ts). The stack's event filter passes only MODIFY events of those items; the
 * name is compared here, from the old and new images. A batch's renames of one record are synced once, with the
 * last (the stream keeps each item's order). A failure is reported from that record's first rename in the batch
 * on, so the stream retries it and what follows (then bisects, then sends it to the dead-letter queue); the
 * records before it are done, and those after it that were done are found done when retried.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { backgroundHandler, errorFields, logger } from '../lib/observability';
import type { NameChange } from '../lib/renames';
import { syncNames } from './service';
import { namedRecordOf } from './sources';

type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];
/** The stream's attribute values are DynamoDB's own JSON, which the SDK's types spell differently. */
const plain = (image: Image) => (image ? unmarshall(image as Record<string, AttributeValue>) : {});

/** The rename a stream record is, if it is one. */
export function nameChangeOf(record: DynamoDBRecord): NameChange | undefined {
  if (record.eventName !== 'MODIFY' || !record.dynamodb) return undefined;
  const named = namedRecordOf(plain(record.dynamodb.Keys));
  if (!named) return undefined;
  const before = plain(record.dynamodb.OldImage);
  const after = plain(record.dynamodb.NewImage);
  if (typeof after.name !== 'string' || typeof after._id !== 'string' || after.name === before.name) return undefined;
  return {
    kind: named.kind,
    id: after._id,
    name: after.name,
    ...(typeof after.version === 'number' ? { version: after.version } : {}),
  };
}

/** A batch's renames, one per record: its last, and the sequence number of its first (where a retry starts). */
export function latestRenames(records: DynamoDBRecord[]): { change: NameChange; first: string }[] {
  const latest = new Map<string, { change: NameChange; first: string }>();
  for (const record of records) {
    const change = nameChangeOf(record);
    if (!change) continue;
    const key = `${change.kind}#${change.id}`;
    latest.set(key, { change, first: latest.get(key)?.first ?? record.dynamodb?.SequenceNumber ?? '' });
  }
  return [...latest.values()];
}

export const handler = backgroundHandler(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const { change, first } of latestRenames(event.Records)) {
    try {
      const report = await syncNames(change);
      logger().info('names synced', { kind: change.kind, id: change.id, report });
    } catch (error) {
      logger().error('name sync failed', { kind: change.kind, id: change.id, error: errorFields(error) });
      return { batchItemFailures: [{ itemIdentifier: first }] };
    }
  }
  return { batchItemFailures: [] };
});
