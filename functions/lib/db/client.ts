import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

let documentClient: DynamoDBDocumentClient | undefined;

/** One document client per process (per Lambda container), created on first use. */
export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = config.dynamoEndpoint;
    const client = new DynamoDBClient({ region: config.region, ...(endpoint ? { endpoint } : {}) });
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

export const tableName = () => config.tableName;

export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}
