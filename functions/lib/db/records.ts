/**
 * Record access shared by the repos: a record by key, a new record (with its uniqueness items and counters) and a
 * replacement that only lands on the version it was read at. Repos pass the keys; this module knows none.
 */
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, staleVersion } from '../errors';
import { nowIso } from '../ids';
import { db, isConditionFailure, tableName } from './client';
import type { ItemFilter } from './item-filter';
import type { TransactItem } from './transact-item';

export { batchGet, getRecord, type ItemRead, readTogether, withoutKeys } from './reads';

export type { TransactItem } from './transact-item';

type ItemKey = { pk: string; sk: string };

/** The bookkeeping of a record's first version: created and updated `now`, version 1 (what replaceRecord checks). */
export const firstVersion = (now = nowIso()) => ({ createdAt: now, updatedAt: now, version: 1 });

/** A Put that fails when the key is taken (a uniqueness item, e.g. a slug). */
export const putUnique = (item: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});

export const deleteItem = (key: { pk: string; sk: string }): TransactItem => ({
  Delete: { TableName: tableName(), Key: key },
});

/** A Put, whatever is there (a pointer item, a listing item). */
export const putItem = (item: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item: item },
});

/** A Put of a record only over the version it was read at (another record moved in the same transaction). */
export const putAtVersion = (item: Record<string, unknown>, expectedVersion: number): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: item,
    ConditionExpression: '#version = :v',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':v': expectedVersion },
  },
});

/**
 * The writes that move a uniqueness item (putUnique) when the value it stands for changes: the old key freed, the
 * new one claimed by `claim`. None when both give the same key: the key functions normalize (an email that changed
 * only in case keeps its item).
 */
export function moveUnique(from: ItemKey, to: ItemKey, claim: () => TransactItem): TransactItem[] {
  return from.pk === to.pk && from.sk === to.sk ? [] : [deleteItem(from), claim()];
}

const reasonsOf = (error: unknown) =>
  (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons ?? [];

function reasonIndex(error: unknown): number {
  return reasonsOf(error).findIndex((r) => r.Code === 'ConditionalCheckFailed');
}

/** Cancelled only because another transaction was writing one of the same items (a shared counter), no check failed. */
function isTransactionConflict(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TransactionConflictException') return true;
  const codes = reasonsOf(error).map((r) => r.Code);
  return (
    name === 'TransactionCanceledException' &&
    codes.includes('TransactionConflict') &&
    !codes.includes('ConditionalCheckFailed')
  );
}

const TRANSACTION_ATTEMPTS = 6;

/**
 * Sends a transaction. Writers that share an item (the status counters, the title index's term counters) race,
 * and DynamoDB cancels the loser with TransactionConflict: it is sent again after a short random wait, a few
 * times, then answered 409. A failed condition is not retried: the caller turns it into its answer.
 */
export async function transact(items: TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (attempt === TRANSACTION_ATTEMPTS) throw conflict('Others were saving at the same moment: try again');
      await new Promise((resolve) => setTimeout(resolve, (5 + Math.random() * 20) * 2 ** attempt));
    }
  }
}

/**
 * Writes a new record with `also` (uniqueness items, counter updates) in one transaction. A taken key among
 * `also` becomes 409 with `takenMessage`.
 */
export async function insertRecord(item: Record<string, unknown>, also: TransactItem[], takenMessage: ConflictMessage) {
  try {
    await transact([putUnique(item), ...also]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw conflict(typeof takenMessage === 'function' ? takenMessage(also[reasonIndex(error) - 1]) : takenMessage);
  }
}

/** What a failed condition among a write's other items means: one message, or one per failed item. */
export type ConflictMessage = string | ((failed: TransactItem | undefined) => string);

/**
 * Replaces a record if its stored version is still `expectedVersion` (else 409 stale, nothing written), with
 * `also` in the same transaction; a failed condition among `also` (a taken key, a lapsed lock …) becomes 409
 * with `takenMessage`. `guard`, a further condition on the stored item, fails the same way as a stale version.
 */
export async function replaceRecord(
  item: Record<string, unknown>,
  expectedVersion: number,
  also: TransactItem[] = [],
  takenMessage: ConflictMessage = 'This value is already taken',
  guard?: ItemFilter,
) {
  const put: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: item,
      ConditionExpression: `attribute_exists(pk) AND #version = :expected${guard ? ` AND (${guard.expression})` : ''}`,
      ExpressionAttributeNames: { '#version': 'version', ...guard?.names },
      ExpressionAttributeValues: { ':expected': expectedVersion, ...guard?.values },
    },
  };
  try {
    await transact([put, ...also]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const index = reasonIndex(error);
    if (index === 0) throw staleVersion();
    throw conflict(typeof takenMessage === 'function' ? takenMessage(also[index - 1]) : takenMessage);
  }
}

/** Which of a cancelled transaction's `items` failed its condition; undefined when none did (or not a cancellation). */
export function failedCondition(error: unknown, items: readonly TransactItem[]): TransactItem | undefined {
  const index = reasonIndex(error);
  return index < 0 ? undefined : items[index];
}

/** What an UpdateItem says besides its key: its expressions with their names and values. */
export interface ItemUpdate {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** A condition on a single write, with its names and values. */
export type WriteCondition = Omit<ItemUpdate, 'UpdateExpression'>;

/** A condition on the item at `key` (`ConditionExpression` required), as a check of a transaction. */
export const conditionCheck = (
  key: ItemKey,
  condition: WriteCondition & { ConditionExpression: string },
): TransactItem => ({
  ConditionCheck: { TableName: tableName(), Key: key, ...condition },
});

/** An Update of the item at `key`, as a write of a transaction. */
export const updateItem = (key: ItemKey, update: ItemUpdate): TransactItem => ({
  Update: { TableName: tableName(), Key: key, ...update },
});

/**
 * Single writes outside any transaction (a counter, a session, an audit entry). A failed condition throws, as
 * DynamoDB's own error: wrap the call in conditionalWrite (client.ts) to get false instead.
 */
export const updateOne = (key: ItemKey, update: ItemUpdate) =>
  db().send(new UpdateCommand({ TableName: tableName(), Key: key, ...update }));

export const putOne = (item: Record<string, unknown>, condition: WriteCondition = {}) =>
  db().send(new PutCommand({ TableName: tableName(), Item: item, ...condition }));

/** Deletes the item at `key`: what was there, or undefined when nothing was. */
export async function deleteOne(key: ItemKey): Promise<Record<string, unknown> | undefined> {
  const out = await db().send(new DeleteCommand({ TableName: tableName(), Key: key, ReturnValues: 'ALL_OLD' }));
  return out.Attributes;
}
