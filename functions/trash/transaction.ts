/**
 * How a trash move is sent: one transaction, whose failed condition becomes its answer. A write whose condition is
 * a rule the user can act on is marked `refusing(item, message)`: when it cancels the transaction the answer is
 * 400 with that message and nothing is written.
 */
import { isConditionFailure } from '../lib/db/client';
import { failedCondition, type TransactItem, transact } from '../lib/db/records';
import { badRequest, conflict, type HttpError } from '../lib/errors';

/** DynamoDB's limit on the actions of one transaction. */
export const MAX_TRANSACTION_ACTIONS = 100;
/** A move's own actions: the item it takes away, the item it puts and the trash counter. */
const MOVE_ACTIONS = 3;

/** Whether a move with these other writes fits one transaction. */
export const fitsOneMove = (...writes: readonly TransactItem[][]) =>
  MOVE_ACTIONS + writes.reduce((sum, items) => sum + items.length, 0) <= MAX_TRANSACTION_ACTIONS;

const REFUSALS = new WeakMap<TransactItem, string>();

/** Marks a write whose failed condition is a refusal the user can act on: 400 with `message`, nothing written. */
export function refusing(item: TransactItem, message: string): TransactItem {
  REFUSALS.set(item, message);
  return item;
}

const RACE_MESSAGE = 'Someone else changed this record at the same moment: reload and try again';

/** Sends a move; a failed condition becomes its refusal, `first()` when it is the first item's, else 409. */
export async function sendMove(items: TransactItem[], first: () => HttpError): Promise<void> {
  try {
    await transact(items);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const failed = failedCondition(error, items);
    const refusal = failed && REFUSALS.get(failed);
    if (refusal) throw badRequest(refusal);
    throw failed === items[0] ? first() : conflict(RACE_MESSAGE);
  }
}
