/** Table stream records as DynamoDB Streams delivers them to a consumer Lambda, for tests that call one directly. */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { newId } from '../../functions/lib/ids';

let sequence = 0;

/** A stream record of an item (NEW_AND_OLD_IMAGES), its sequence number after every one made before. */
export const streamRecord = (
  eventName: DynamoDBRecord['eventName'],
  keys: { pk: string; sk: string },
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): DynamoDBRecord =>
  ({
    eventID: newId(),
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall(keys),
      ...(before ? { OldImage: marshall({ ...keys, ...before }) } : {}),
      ...(after ? { NewImage: marshall({ ...keys, ...after }) } : {}),
      SequenceNumber: String(++sequence),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  }) as DynamoDBRecord;
