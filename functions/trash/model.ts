/**
 * The trash, as stored. A removed record's list item (`<ENTITY>#<id>` / `<ENTITY>`) moves to `<ENTITY>#<id>` /
 * `TRASH` in the same partition: every read by key then misses it (404), every list partition (gsi keys) drops it,
 * and the items it owns stay beside it until it is restored or deleted for good. The trashed item holds the record
 * as it was and the trash's own fields. This file has its keys, the items and writes of the moves (the live item
 * left at its version, the trashed item put and taken out, the purge's mark) and the guards a resource's trash adds
 * to a move so that no reference dangles and no unique item is lost, each checked in the move's own transaction
 * (never by a read before it): a reference counter closed and opened again, a unique item claimed again, a record
 * that must be live (or must not be) when the move is written.
 */
import { TRASH_DAYS } from '../../shared/constants';
import type { NamedRef } from '../../shared/schemas/common';
import { conditionalWrite, tableName } from '../lib/db/client';
import { indexEntry } from '../lib/db/index-keys';
import { queryOnePage } from '../lib/db/paging';
import {
  conditionCheck,
  deleteItem,
  getRecord,
  type TransactItem,
  transact,
  updateItem,
  updateOne,
  withoutKeys,
} from '../lib/db/records';
import { TTL_ATTRIBUTE } from '../lib/db/table';
import { MAX_TRANSACTION_ACTIONS, refusing } from './transaction';
import type { ItemKey, Trashable, TrashableRecord, TrashMove } from './trashable';

export const TRASHED_SK = 'TRASH';

/** The trashed item of a record whose live item is `live`. */
export const trashedKey = (live: { pk: string }) => ({ pk: live.pk, sk: TRASHED_SK });

/** gsi1: one entity's trash, newest removal first (GET {base}/trash). */
export const trashListing = (entity: string) => ({ index: 'gsi1', partition: `TRASH#${entity}` }) as const;
export const trashedByTime = (entity: string, trashedAt: string, id: string) =>
  indexEntry(trashListing(entity), trashedAt, id);

/** gsi2: one entity's trash by expiry, soonest first (the sweeper's range up to now). */
export const trashExpiry = (entity: string) => ({ index: 'gsi2', partition: `TRASH#${entity}#EXPIRES` }) as const;
export const trashedByExpiry = (entity: string, expiresAt: string, id: string) =>
  indexEntry(trashExpiry(entity), expiresAt, id);

/** The trash list's total: the counter `COUNT#TRASH#<entity>` / `ALL` (lib/db/counter-keys.ts), moved in every move. */
export const trashCounter = (entity: string) => `TRASH#${entity}`;

export interface TrashedItem<R> {
  record: R;
  title: string;
  trashedAt: string;
  trashedBy: NamedRef | null;
  /** When the sweeper deletes it (ISO); the TTL attribute is a day later. */
  trashExpiresAt: string;
  /** Set while it is being deleted for good: a restore is refused from then on. */
  purging?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trashed item of `record`, moved to the trash by `move`. */
export function trashedItem<R extends TrashableRecord>(kind: Trashable<R>, record: R, move: TrashMove): TrashedItem<R> {
  return {
    record,
    title: kind.titleOf(record),
    trashedAt: move.at,
    trashedBy: move.by,
    trashExpiresAt: new Date(Date.parse(move.at) + TRASH_DAYS * DAY_MS).toISOString(),
  };
}

/** Puts the trashed item, with the trash's index keys only (so that every list of the live record drops it). */
export function putTrashed<R extends TrashableRecord>(kind: Trashable<R>, trashed: TrashedItem<R>): TransactItem {
  const id = trashed.record._id;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...trashedKey(kind.key(id)),
        ...trashedByTime(kind.entity, trashed.trashedAt, id),
        ...trashedByExpiry(kind.entity, trashed.trashExpiresAt, id),
        ...trashed,
        // A backstop only (functions/README.md → Trash): the sweeper deletes it, and what it owns, a day before.
        [TTL_ATTRIBUTE]: Math.floor(Date.parse(trashed.trashExpiresAt) / 1000) + DAY_MS / 1000,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The trashed item of record `id`, read consistently; undefined when it is not in the trash. */
export const readTrashed = <R extends TrashableRecord>(kind: Trashable<R>, id: string) =>
  getRecord<TrashedItem<R>>(trashedKey(kind.key(id)), true);

/** A trashed item as a Query of the trash's indexes returns it. */
export const trashedOf = <R>(item: Record<string, unknown>) => withoutKeys<TrashedItem<R>>(item);

/**
 * Closes a reference counter (the articles naming a category, the ads naming a client) in the move to the trash:
 * refused with `message` while it counts any. The writers that add to it do so only while it is not closed.
 */
export const closeCounter = (key: ItemKey, counted: string, closed: string, message: string): TransactItem =>
  refusing(
    updateItem(key, {
      UpdateExpression: 'SET #closed = :yes',
      ConditionExpression: 'attribute_not_exists(#counted) OR #counted <= :zero',
      ExpressionAttributeNames: { '#closed': closed, '#counted': counted },
      ExpressionAttributeValues: { ':yes': true, ':zero': 0 },
    }),
    message,
  );

/** Opens a reference counter again, in the restore. */
export const reopenCounter = (key: ItemKey, closed: string): TransactItem =>
  updateItem(key, { UpdateExpression: 'REMOVE #closed', ExpressionAttributeNames: { '#closed': closed } });

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
  refusing(conditionCheck(key, { ConditionExpression: expression }), message);

/** A condition of the move: the record whose live item is `live` is live (not in the trash, not deleted). */
export const requireLive = (live: ItemKey, message: string): TransactItem =>
  condition(live, 'attribute_exists(pk)', message);

/** A condition of the move: the record whose live item is `live` is not live (not restored meanwhile). */
export const requireNotLive = (live: ItemKey, message: string): TransactItem =>
  condition(live, 'attribute_not_exists(pk)', message);

/** The trashed item's Delete, only as it was read and while it is not being deleted for good. */
export const takeOutOfTrash = <R extends TrashableRecord>(
  kind: Trashable<R>,
  trashed: TrashedItem<R>,
): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: trashedKey(kind.key(trashed.record._id)),
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(purging) AND trashedAt = :trashedAt',
    ExpressionAttributeValues: { ':trashedAt': trashed.trashedAt },
  },
});

/**
 * The live item's Delete, only at `version` (a save in between fails the move) and while the marks its leaving
 * writes relied on are as read (a backfill in between fails it too: IndexedCollection.unchanged).
 */
export const deleteAtVersion = <R extends TrashableRecord>(kind: Trashable<R>, record: R): TransactItem => {
  const guard = kind.indexed?.unchanged?.(record);
  return {
    Delete: {
      TableName: tableName(),
      Key: kind.key(record._id),
      ConditionExpression: `#version = :version${guard ? ` AND (${guard.expression})` : ''}`,
      ExpressionAttributeNames: { '#version': 'version', ...guard?.names },
      ExpressionAttributeValues: { ':version': record.version, ...guard?.values },
    },
  };
};

/** Every item of the record's partition but the trashed one, deleted 100 at a time. */
export async function deleteOwnedItems(pk: string): Promise<void> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await queryOnePage({ index: 'table', partition: pk }, start, MAX_TRANSACTION_ACTIONS, undefined, true);
    const owned = (out.Items ?? []).filter((item) => item.sk !== TRASHED_SK);
    if (owned.length > 0) await transact(owned.map((item) => deleteItem({ pk: String(item.pk), sk: String(item.sk) })));
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Marks the trashed item as being deleted for good, only as read (the same removal); false when it moved. */
export const markPurging = (key: ItemKey, trashedAt: string) =>
  conditionalWrite(
    updateOne(key, {
      UpdateExpression: 'SET purging = :yes',
      ConditionExpression: 'attribute_exists(pk) AND trashedAt = :trashedAt',
      ExpressionAttributeValues: { ':yes': true, ':trashedAt': trashedAt },
    }),
  );

/** The trashed item's Delete, in the purge's last transaction. */
export const deleteTrashed = (key: ItemKey): TransactItem => ({
  Delete: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(pk)' },
});
