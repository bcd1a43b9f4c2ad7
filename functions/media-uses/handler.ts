/**
 * The table's stream consumer that keeps where each file is used (functions/asset/uses.ts): for each change of an
 * item that references files, the uses it adds are put and the ones it drops deleted, from the change's old and
 * new images, a batch's puts before its deletes (syncAllUses). The stream keeps each item's changes in order, and a change handled twice writes the same items, so
 * a failed batch is retried from its first record (then bisected) and ends the same. In AWS the stream's mapping
 * calls it, filtered to the items USE_SOURCES names (infra/aws/background-jobs.ts); locally the local stack's
 * stream reader does (infra/local/stack.ts).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { fileSourceOf, type ItemChange, syncAllUses } from '../asset/uses';
import { backgroundHandler, errorFields, logger } from '../lib/observability';

type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];
/** The stream's attribute values are DynamoDB's own JSON, which the SDK's types spell differently. */
const plain = (image: Image) => (image ? unmarshall(image as Record<string, AttributeValue>) : undefined);

/** The change a stream record is, if it is of an item that references files. */
export function itemChangeOf(record: DynamoDBRecord): ItemChange | undefined {
  const key = plain(record.dynamodb?.Keys) as { pk: string; sk: string } | undefined;
  if (!key || !fileSourceOf(key)) return undefined;
  return { key, before: plain(record.dynamodb?.OldImage), after: plain(record.dynamodb?.NewImage) };
}

export const handler = backgroundHandler(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const records = event.Records.flatMap((record) => {
    const change = itemChangeOf(record);
    return change ? [{ record, change }] : [];
  });
  try {
    // The batch as one net change an item, puts before deletes (syncAllUses).
    await syncAllUses(records.map((r) => r.change));
  } catch (error) {
    // Writing the same uses again changes nothing: the whole batch is retried from its first such record.
    const first = records[0];
    logger().error('file uses sync failed', { key: first?.change.key, error: errorFields(error) });
    return { batchItemFailures: [{ itemIdentifier: first?.record.dynamodb?.SequenceNumber ?? '' }] };
  }
  return { batchItemFailures: [] };
});
