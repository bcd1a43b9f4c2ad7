/**
 * The writes a resource's trash.ts adds to a move so that no reference dangles and no unique item is lost, each
 * checked in the move's own transaction (never by a read before it): a reference counter closed and opened again,
 * a unique item claimed again, a record that must be live (or must not be) when the move is written.
 */
import { tableName } from '../lib/db/client';
import type { TransactItem } from '../lib/db/records';
import { refusing } from './transaction';
import type { ItemKey } from './trashable';

/**
 * Closes a reference counter (the articles naming a category, the ads naming a client) in the move to the trash:
 * refused with `message` while it counts any. The writers that add to it do so only while it is not closed.
 */
export const closeCounter = (key: ItemKey, counted: string, closed: string, message: string): TransactItem =>
  refusing(
    {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #closed = :yes',
        ConditionExpression: 'attribute_not_exists(#counted) OR #counted <= :zero',
        ExpressionAttributeNames: { '#closed': closed, '#counted': counted },
        ExpressionAttributeValues: { ':yes': true, ':zero': 0 },
      },
    },
    message,
  );

/** Opens a reference counter again, in the restore. */
export const reopenCounter = (key: ItemKey, closed: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: key,
    UpdateExpression: 'REMOVE #closed',
    ExpressionAttributeNames: { '#closed': closed },
  },
});

/**
 * Claims a unique item (a slug) for a record coming back from the trash: kept while it was there, so normally
 * its own already; refused with `message` when another record holds it.
 */
export const reclaimUnique = (key: ItemKey, owner: { attribute: string; id: string }, message: string): TransactItem =>
  refusing(
    {
      Put: {
        TableName: tableName(),
        Item: { ...key, [owner.attribute]: owner.id },
        ConditionExpression: 'attribute_not_exists(pk) OR #owner = :owner',
        ExpressionAttributeNames: { '#owner': owner.attribute },
        ExpressionAttributeValues: { ':owner': owner.id },
      },
    },
    message,
  );

const condition = (key: ItemKey, expression: string, message: string): TransactItem =>
  refusing({ ConditionCheck: { TableName: tableName(), Key: key, ConditionExpression: expression } }, message);

/** A condition of the move: the record whose live item is `live` is live (not in the trash, not deleted). */
export const requireLive = (live: ItemKey, message: string): TransactItem =>
  condition(live, 'attribute_exists(pk)', message);

/** A condition of the move: the record whose live item is `live` is not live (not restored meanwhile). */
export const requireNotLive = (live: ItemKey, message: string): TransactItem =>
  condition(live, 'attribute_not_exists(pk)', message);
