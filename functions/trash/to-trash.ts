/**
 * The move to the trash (`DELETE {base}/{id}`), one transaction: the live item deleted at the version read (409
 * when someone saved meanwhile), the trashed item put (model.ts), the trash counter, and what the resource
 * writes on leaving (its list counters, its references closed, a history entry) with its title out of the index.
 */

import { counterUpdate } from '../lib/db/counters';
import { getRecord } from '../lib/db/records';
import { notFound, staleVersion } from '../lib/errors';
import { deleteAtVersion, putTrashed, trashCounter, trashedItem } from './model';
import { leaveTitleIndex, titleIndexWrites } from './title-index';
import { fitsOneMove, sendMove } from './transaction';
import { assertMayRemove, type Trashable, type TrashableRecord, type TrashMove } from './trashable';

/** Moves record `id` to the trash; returns the title the trash shows. */
export async function toTrash<R extends TrashableRecord>(kind: Trashable<R>, id: string, move: TrashMove) {
  let record = await getRecord<R>(kind.key(id), true);
  if (!record) throw notFound(kind.notFoundMessage);
  assertMayRemove(kind, record, move.remover);
  const conditions = (await kind.checkTrash?.(record)) ?? [];
  const leaving = kind.leaving(record, move);
  let leavingIndex = titleIndexWrites(kind, record, undefined);
  if (leavingIndex.length > 0 && !fitsOneMove(conditions, leaving, leavingIndex)) {
    // Out of the index first (should the move then fail, the save that raced it, or the backfill, indexes it again).
    record = await leaveTitleIndex(kind, record);
    leavingIndex = [];
  }
  const trashed = trashedItem(kind, record, move);
  await sendMove(
    [
      deleteAtVersion(kind, record),
      putTrashed(kind, trashed),
      counterUpdate(trashCounter(kind.entity), 'ALL', 1),
      ...leaving,
      ...leavingIndex,
      ...conditions,
    ],
    staleVersion,
  );
  await kind.afterTrash?.(record);
  return trashed.title;
}
