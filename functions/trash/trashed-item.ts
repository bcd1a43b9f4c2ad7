/**
 * The trashed item (keys.ts, `<ENTITY>#<id>` / `TRASH`): the record as it was, and the trash's own fields beside
 * it. How it is written by the move to the trash, and read back by the restore, Delete now, the sweeper and lists.
 */
import { TRASH_DAYS } from '../../shared/constants';
import type { NamedRef } from '../../shared/schemas/common';
import { tableName } from '../lib/db/client';
import { getRecord, type TransactItem, withoutKeys } from '../lib/db/records';
import { TTL_ATTRIBUTE } from '../lib/db/table';
import { trashedByExpiry, trashedByTime, trashedKey } from './keys';
import type { Trashable, TrashableRecord, TrashMove } from './trashable';

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
