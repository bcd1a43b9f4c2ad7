/**
 * The trash of every removable resource (issue 15): Remove moves a record there, Restore brings it back exactly as
 * it was, Delete now (or TRASH_DAYS later, the sweeper) deletes it and everything it owns. Each resource describes
 * itself once (a `Trashable`, in its own folder's trash.ts: its keys, counters, references and unique items); the
 * moves are the same for all of them:
 * - to the trash: one transaction deletes the live item at the version read, puts the trashed item (keys.ts),
 *   moves the list counters and the trash counter, takes the title out of the index and closes what must not
 *   point at the record any more (a category's article counter, a client's ad counter);
 * - back: the inverse, the live item put where nothing is (same id), at version + 1 so that a form opened before
 *   the removal must reload;
 * - for good: the partition's other items (an article's content, history, revisions, autosaves, lock), then the
 *   trashed item with the unique items (slugs) in one transaction.
 * A write whose condition is a rule the user can act on is marked `refusing(item, message)`: when it cancels the
 * transaction the answer is 400 with that message and nothing is written.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TrashTargetType } from '../../shared/audit';
import { TRASH_DAYS } from '../../shared/constants';
import type { ListPage, NamedRef } from '../../shared/schemas/common';
import type { TrashedRecord } from '../../shared/schemas/trash';
import { type Actor, auditAction } from '../audit/record';
import { recordAudit } from '../audit/repo';
import { clock } from '../lib/clock';
import { conditionalWrite, db, isConditionFailure, tableName } from '../lib/db/client';
import { counterUpdate, queryAll, queryFirst, queryPage, readCounter } from '../lib/db/paging';
import {
  deleteItem,
  failedCondition,
  getRecord,
  replaceRecord,
  type TransactItem,
  transact,
  withoutKeys,
} from '../lib/db/records';
import { TTL_ATTRIBUTE } from '../lib/db/table';
import { badRequest, conflict, HttpError, notFound, staleVersion } from '../lib/errors';
import { type IndexedCollection, searchIndexWrites } from '../search/writes';
import {
  TRASHED_SK,
  trashCounter,
  trashExpiry,
  trashedByExpiry,
  trashedByTime,
  trashedKey,
  trashListing,
} from './keys';

type ItemKey = { pk: string; sk: string };

/** A record that can go to the trash: an id, a version, and (for titles in the index) whether it is indexed. */
export interface TrashableRecord {
  _id: string;
  version: number;
  searchIndexed?: boolean;
}

/** When and by whom a move happens (the sweeper acts as nobody). */
export interface TrashMove {
  at: string;
  by: NamedRef | null;
}

/** How one resource goes to the trash and back: everything that differs between resources. */
export interface Trashable<R extends TrashableRecord> {
  /** The entity's name in keys and counters (`CMS`, `CATEGORY` …). */
  entity: string;
  /** What the audit trail calls it. */
  auditType: TrashTargetType;
  /** The 404 text for an id that is not (or no longer) there. */
  notFoundMessage: string;
  /** The live item's key. */
  key: (id: string) => ItemKey;
  /** The live item as stored, its list keys included. */
  itemOf: (record: R) => Record<string, unknown>;
  /** Its collection in the title index, when its titles are searched. */
  indexed?: IndexedCollection<R>;
  /** The name the trash list shows. */
  titleOf: (record: R) => string;
  /** Refuses (badRequest) what can be told before writing: a category's sub-categories, an active menu. */
  checkTrash?: (record: R) => Promise<void>;
  /** Written with the move to the trash: list counters out, references closed, a history entry. */
  leaving: (record: R, move: TrashMove) => TransactItem[];
  /** Refuses a restore that can be told before writing (a parent still in the trash). */
  checkRestore?: (record: R) => Promise<void>;
  /** The record as it comes back (marks such as "its counters count it"). */
  restored?: (record: R) => R;
  /** Written with the restore: the inverse of `leaving`, and the unique items claimed again. */
  returning: (record: R, move: TrashMove) => TransactItem[];
  /** Written when it is deleted for good: its unique items. */
  purging: (record: R) => TransactItem[];
  /** After the move to the trash, outside its transaction (the home page's slots). */
  afterTrash?: (record: R) => Promise<void>;
}

/** The trashed item: the record as it was, and the trash's own fields beside it. */
interface TrashedItem<R> {
  record: R;
  title: string;
  trashedAt: string;
  trashedBy: NamedRef | null;
  /** When the sweeper deletes it (ISO); the TTL attribute is a day later. */
  trashExpiresAt: string;
  /** Set while it is being deleted for good: a restore is refused from then on. */
  purging?: boolean;
}

const REFUSALS = new WeakMap<TransactItem, string>();

/** Marks a write whose failed condition is a refusal the user can act on: 400 with `message`, nothing written. */
export function refusing(item: TransactItem, message: string): TransactItem {
  REFUSALS.set(item, message);
  return item;
}

/** DynamoDB's limit on the actions of one transaction. */
const MAX_TRANSACTION_ACTIONS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The move's own actions: the live item, the trashed item and the trash counter. */
const MOVE_ACTIONS = 3;

const RACE_MESSAGE = 'Someone else changed this record at the same moment: reload and try again';

const movedBy = (actor: Actor | null): NamedRef | null => (actor ? { _id: actor._id, name: actor.name } : null);

/** Sends a move; a failed condition becomes its refusal, `first()` when it is the first item's, else 409. */
async function sendMove(items: TransactItem[], first: () => HttpError): Promise<void> {
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

function indexMove<R extends TrashableRecord>(kind: Trashable<R>, before: R | undefined, after: R | undefined) {
  const collection = kind.indexed;
  if (!collection) return [];
  return searchIndexWrites(
    collection.name,
    before?.searchIndexed ? collection.entryOf(before) : undefined,
    after && collection.entryOf(after),
  );
}

const readTrashed = <R extends TrashableRecord>(kind: Trashable<R>, id: string) =>
  getRecord<TrashedItem<R>>(trashedKey(kind.key(id)), true);

/** DELETE {base}/{id}: the record leaves its lists, counts and search for the trash. */
export async function moveToTrash<R extends TrashableRecord>(
  kind: Trashable<R>,
  actor: Actor,
  ip: string,
  id: string,
): Promise<null> {
  let record = await getRecord<R>(kind.key(id), true);
  if (!record) throw notFound(kind.notFoundMessage);
  await kind.checkTrash?.(record);
  const move: TrashMove = { at: clock.iso(), by: movedBy(actor) };
  const leaving = kind.leaving(record, move);
  let leavingIndex = indexMove(kind, record, undefined);
  if (MOVE_ACTIONS + leaving.length + leavingIndex.length > MAX_TRANSACTION_ACTIONS) {
    // A long title's postings and the rest do not fit one transaction: out of the index first, at the version read
    // (as replaceIndexed does; the version moves by one). Should the move then fail, the backfill indexes it again.
    const unindexed: R = { ...record, searchIndexed: false, version: record.version + 1 };
    await replaceRecord(kind.itemOf(unindexed), record.version, leavingIndex);
    record = unindexed;
    leavingIndex = [];
  }
  const expiresAt = new Date(Date.parse(move.at) + TRASH_DAYS * DAY_MS).toISOString();
  const trashed: TrashedItem<R> = {
    record,
    title: kind.titleOf(record),
    trashedAt: move.at,
    trashedBy: move.by,
    trashExpiresAt: expiresAt,
  };
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: kind.key(id),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': record.version },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...trashedKey(kind.key(id)),
          ...trashedByTime(kind.entity, move.at, id),
          ...trashedByExpiry(kind.entity, expiresAt, id),
          ...trashed,
          // A backstop only (functions/README.md → Trash): the sweeper deletes it, and what it owns, a day before.
          [TTL_ATTRIBUTE]: Math.floor(Date.parse(expiresAt) / 1000) + DAY_MS / 1000,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    counterUpdate(trashCounter(kind.entity), 'ALL', 1),
    ...leaving,
    ...leavingIndex,
  ];
  await sendMove(items, staleVersion);
  await kind.afterTrash?.(record);
  await auditAction(actor, ip, 'recordTrashed', { type: kind.auditType, id, name: trashed.title });
  return null;
}

/** POST {base}/trash/{id}/restore: the record comes back to its lists, counts and search, same id, version + 1. */
export async function restoreFromTrash<R extends TrashableRecord>(
  kind: Trashable<R>,
  actor: Actor,
  ip: string,
  id: string,
): Promise<null> {
  const trashed = await readTrashed(kind, id);
  if (!trashed || trashed.purging) throw notFound(`${kind.notFoundMessage} in the trash`);
  await kind.checkRestore?.(trashed.record);
  const back: R = { ...(kind.restored?.(trashed.record) ?? trashed.record), version: trashed.record.version + 1 };
  const move: TrashMove = { at: clock.iso(), by: movedBy(actor) };
  const entering = indexMove(kind, undefined, back);
  const others = kind.returning(back, move);
  const fits = MOVE_ACTIONS + others.length + entering.length <= MAX_TRANSACTION_ACTIONS;
  const restored: R = kind.indexed ? { ...back, searchIndexed: fits } : back;
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: trashedKey(kind.key(id)),
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(purging) AND trashedAt = :trashedAt',
        ExpressionAttributeValues: { ':trashedAt': trashed.trashedAt },
      },
    },
    {
      Put: { TableName: tableName(), Item: kind.itemOf(restored), ConditionExpression: 'attribute_not_exists(pk)' },
    },
    counterUpdate(trashCounter(kind.entity), 'ALL', -1),
    ...others,
    ...(fits ? entering : []),
  ];
  await sendMove(items, () => notFound(`${kind.notFoundMessage} in the trash`));
  if (!fits) {
    // Its title enters the index in a second step, at the version the restore stored (as replaceIndexed does).
    await replaceRecord(
      kind.itemOf({ ...restored, searchIndexed: true, version: restored.version + 1 }),
      restored.version,
      entering,
    );
  }
  await auditAction(actor, ip, 'recordRestored', { type: kind.auditType, id, name: trashed.title });
  return null;
}

/** Every item of the record's partition but the trashed one, deleted 100 at a time (article content, history …). */
async function deleteOwnedItems(pk: string): Promise<void> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    const owned = (out.Items ?? []).filter((item) => item.sk !== TRASHED_SK) as ItemKey[];
    for (let i = 0; i < owned.length; i += MAX_TRANSACTION_ACTIONS) {
      await transact(owned.slice(i, i + MAX_TRANSACTION_ACTIONS).map((key) => deleteItem(key)));
    }
    start = out.LastEvaluatedKey;
  } while (start);
}

/**
 * Deletes a trashed record for good: marks it (a restore is refused from then on), deletes what its partition
 * holds, then the trashed item, its trash count and unique items in one transaction. A run stopped half-way
 * leaves it marked in the trash, where Delete now or the sweeper finish it.
 */
async function purge<R extends TrashableRecord>(kind: Trashable<R>, id: string): Promise<TrashedItem<R>> {
  const key = trashedKey(kind.key(id));
  const trashed = await readTrashed(kind, id);
  const missing = () => notFound(`${kind.notFoundMessage} in the trash`);
  if (!trashed) throw missing();
  const marked = await conditionalWrite(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET purging = :yes',
        ConditionExpression: 'attribute_exists(pk) AND trashedAt = :trashedAt',
        ExpressionAttributeValues: { ':yes': true, ':trashedAt': trashed.trashedAt },
      }),
    ),
  );
  if (!marked) throw missing();
  await deleteOwnedItems(key.pk);
  const items: TransactItem[] = [
    { Delete: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(pk)' } },
    counterUpdate(trashCounter(kind.entity), 'ALL', -1),
    ...kind.purging(trashed.record),
  ];
  await sendMove(items, missing);
  return trashed;
}

/** DELETE {base}/trash/{id}: deleted for good, now. */
export async function deleteFromTrash<R extends TrashableRecord>(
  kind: Trashable<R>,
  actor: Actor,
  ip: string,
  id: string,
): Promise<null> {
  const trashed = await purge(kind, id);
  await auditAction(actor, ip, 'recordDeleted', { type: kind.auditType, id, name: trashed.title });
  return null;
}

/** GET {base}/trash: newest removal first, the total from the trash counter. */
export async function listTrash<R extends TrashableRecord>(
  kind: Trashable<R>,
  page: number,
  limit: number,
): Promise<ListPage<TrashedRecord>> {
  const [items, total] = await Promise.all([
    queryPage<Record<string, unknown>>(trashListing(kind.entity), page, limit),
    readCounter(trashCounter(kind.entity)),
  ]);
  return {
    list: items.map((item) => {
      const trashed = withoutKeys<TrashedItem<R>>(item);
      return {
        _id: trashed.record._id,
        title: trashed.title,
        trashedAt: trashed.trashedAt,
        trashedBy: trashed.trashedBy,
        expiresAt: trashed.trashExpiresAt,
      };
    }),
    total,
  };
}

const SWEEP_BATCH = 100;
const SWEEP_MAX_BATCHES = 20;

/** Deletes for good what has been in this resource's trash past its expiry; returns how many went. */
export async function purgeExpired<R extends TrashableRecord>(kind: Trashable<R>, now: Date): Promise<number> {
  const seen = new Set<string>();
  let purged = 0;
  for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
    const due = await queryFirst<Record<string, unknown>>(
      { ...trashExpiry(kind.entity), to: now.toISOString(), ascending: true },
      SWEEP_BATCH,
    );
    // The index is eventually consistent: one just purged may still be listed.
    const fresh = due.map((item) => withoutKeys<TrashedItem<R>>(item)).filter((t) => !seen.has(t.record._id));
    for (const trashed of fresh) {
      const id = trashed.record._id;
      seen.add(id);
      try {
        await purge(kind, id);
      } catch (error) {
        // Restored or deleted by someone meanwhile: nothing left to do.
        if (error instanceof HttpError && error.status === 404) continue;
        throw error;
      }
      purged++;
      await recordAudit({
        action: 'trashExpired',
        ip: '',
        targetType: kind.auditType,
        targetId: id,
        targetName: trashed.title,
        note: `In the trash since ${trashed.trashedAt}`,
      });
    }
    if (due.length < SWEEP_BATCH || fresh.length === 0) break;
  }
  return purged;
}

/** Every record in one resource's trash (a few hundred at most: 30 days of removals), newest removal first. */
export async function allTrashed<R extends TrashableRecord>(kind: Trashable<R>): Promise<R[]> {
  const items = await queryAll<Record<string, unknown>>(trashListing(kind.entity));
  return items.map((item) => withoutKeys<TrashedItem<R>>(item).record);
}

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
