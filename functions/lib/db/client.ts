import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { tracer } from '../observability';

let documentClient: DynamoDBDocumentClient | undefined;

/** One document client per process (per Lambda container), created on first use. */
export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = config.dynamoEndpoint;
    // Each call a subsegment of the trace in Lambda; outside Lambda the Tracer is off and returns the client as is.
    const client = tracer().captureAWSv3Client(
      new DynamoDBClient({ region: config.region, ...(endpoint ? { endpoint } : {}) }),
    );
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}

/** For tests and the local stack, which change endpoints between runs in one process. */
export function resetDbClient(): void {
  documentClient?.destroy();
  documentClient = undefined;
}

export const tableName = () => config.table;

export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/**
 * Awaits a conditional write (`db().send(…)`): true when it was written, false when its condition failed (any
 * other error is thrown). The caller turns false into its answer (a 409, a 400) or takes it as "nothing to do".
 */
export async function conditionalWrite(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
