import { recordAudit } from '../audit/model';
import { counterUpdate } from '../lib/db/counters';
import { queryFirst } from '../lib/db/paging';
import { HttpError, notFound } from '../lib/errors';
import {
  deleteOwnedItems,
  deleteTrashed,
  markPurging,
  readTrashed,
  type TrashedItem,
  trashCounter,
  trashExpiry,
  trashedKey,
  trashedOf,
} from './model';
import { sendMove } from './transaction';
import { assertMayRemove, type Remover, type Trashable, type TrashableRecord } from './trashable';

/**
 * Deletes trashed record `id` for good; with `expiredBy` (the sweeper's time), only if it is still the removal
 * whose time is up then: one restored and removed again since the sweeper listed it waits for its own expiry.
 * 404 when there is nothing (left) to delete. A `remover` deletes only what they may remove.
 */
export async function purge<R extends TrashableRecord>(
  kind: Trashable<R>,
  id: string,
  expiredBy?: string,
  remover: Remover | null = null,
): Promise<TrashedItem<R>> {
  const key = trashedKey(kind.key(id));
  const missing = () => notFound(`${kind.notFoundMessage} in the trash`);
  const trashed = await readTrashed(kind, id);
  if (!trashed || (expiredBy !== undefined && trashed.trashExpiresAt > expiredBy)) throw missing();
  assertMayRemove(kind, trashed.record, remover);
  await kind.checkPurge?.(trashed.record);
  // Marked only as read (the same removal): a restore, or a restore and another removal, since then is left alone.
  const marked = await markPurging(key, trashed.trashedAt);
  if (!marked) throw missing();
  await deleteOwnedItems(key.pk);
  await sendMove(
    [deleteTrashed(key), counterUpdate(trashCounter(kind.entity), 'ALL', -1), ...kind.purging(trashed.record)],
    missing,
  );
  return trashed;
}

const SWEEP_BATCH = 100;
const SWEEP_MAX_BATCHES = 20;

/** Deletes for good what has been in this resource's trash past its expiry at `now`; returns how many went. */
export async function purgeExpired<R extends TrashableRecord>(kind: Trashable<R>, now: Date): Promise<number> {
  const expiredBy = now.toISOString();
  const seen = new Set<string>();
  let purged = 0;
  for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
    const due = await queryFirst<Record<string, unknown>>(
      { ...trashExpiry(kind.entity), to: expiredBy, ascending: true },
      SWEEP_BATCH,
    );
    // The index is eventually consistent: one just purged may still be listed.
    const fresh = due.map((item) => trashedOf<R>(item)).filter((t) => !seen.has(t.record._id));
    for (const listed of fresh) {
      const id = listed.record._id;
      seen.add(id);
      let trashed: TrashedItem<R>;
      try {
        trashed = await purge(kind, id, expiredBy);
      } catch (error) {
        // Restored (and maybe removed again), or deleted by someone meanwhile: nothing to do now. Still named by
        // others (checkPurge): it waits in the trash until they let go of it, and the next run tries again.
        if (error instanceof HttpError && (error.status === 404 || error.status === 400)) continue;
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
