/**
 * The trash of every removable resource, as its routes call it: Remove moves a record there
 * (to-trash.ts), Restore brings it back exactly as it was (from-trash.ts), Delete now (or TRASH_DAYS later, the
 * sweeper) deletes it and everything it owns (purge.ts), each audited as the user who asked; and the reads of a
 * trash. Each resource describes itself once, in its own folder's trash.ts (a `Trashable`, trashable.ts).
 */
import type { AuditAction } from '../../shared/audit';
import type { ListPage } from '../../shared/schemas/common';
import type { TrashedRecord } from '../../shared/schemas/trash';
import { auditAction } from '../audit/record';
import { readCounter } from '../lib/db/counters';
import { queryAll, queryPage } from '../lib/db/paging';
import { fromTrash } from './from-trash';
import { trashCounter, trashedOf, trashListing } from './model';
import { purge } from './purge';
import { toTrash } from './to-trash';
import { type Remover, type Trashable, type TrashableRecord, type TrashMove, trashMove } from './trashable';

/** One move of a record; resolves to the title the trash shows for it. */
type Move = <R extends TrashableRecord>(kind: Trashable<R>, id: string, move: TrashMove) => Promise<string>;

/** A route that makes `move` as the signed-in `actor` and audits it as `action`; answers null. */
const audited =
  (action: AuditAction, move: Move) =>
  async <R extends TrashableRecord>(kind: Trashable<R>, actor: Remover, ip: string, id: string): Promise<null> => {
    const title = await move(kind, id, trashMove(actor));
    await auditAction(actor, ip, action, { type: kind.auditType, id, name: title });
    return null;
  };

/** DELETE {base}/{id}: the record leaves its lists, counts and search for the trash. */
export const moveToTrash = audited('recordTrashed', toTrash);

/** POST {base}/trash/{id}/restore: the record comes back to its lists, counts and search, same id, version + 1. */
export const restoreFromTrash = audited('recordRestored', fromTrash);

/** DELETE {base}/trash/{id}: deleted for good, now. */
export const deleteFromTrash = audited(
  'recordDeleted',
  async (kind, id, move) => (await purge(kind, id, undefined, move.remover)).title,
);

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
      const trashed = trashedOf<R>(item);
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

/** Every record in one resource's trash (a few hundred at most: 30 days of removals), newest removal first. */
export async function allTrashed<R extends TrashableRecord>(kind: Trashable<R>): Promise<R[]> {
  const items = await queryAll<Record<string, unknown>>(trashListing(kind.entity));
  return items.map((item) => trashedOf<R>(item).record);
}
