/**
 * One item of a DynamoDB transaction, as the models compose them. A type of its own, apart from records.ts, so that
 * a module building transaction items for others (counters.ts) does not make its readers reach the write commands.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
