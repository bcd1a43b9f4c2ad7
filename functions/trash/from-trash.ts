/**
 * The restore (`POST {base}/trash/{id}/restore`), the inverse transaction of the move to the trash: the trashed
 * item deleted (only while it is not being deleted for good), the live item put where none is (same id, version
 * + 1, so that a form opened before the removal must reload), the trash counter, what the resource writes on
 * returning (its counters, its references opened, its unique items claimed, the conditions it comes back on) and
 * its title in the index (in a step of its own when it does not fit).
 */
import { STALE_VERSION_MESSAGE } from '../../shared/constants';
import { counterUpdate } from '../lib/db/counters';
import { putUnique } from '../lib/db/records';
import { HttpError, notFound } from '../lib/errors';
import { readTrashed, takeOutOfTrash, trashCounter } from './model';
import { enterTitleIndex, indexedMark, titleIndexWrites } from './title-index';
import { fitsOneMove, sendMove } from './transaction';
import { assertMayRemove, type Trashable, type TrashableRecord, type TrashMove } from './trashable';

const isStale = (error: unknown) =>
  error instanceof HttpError && error.status === 409 && error.text === STALE_VERSION_MESSAGE;

/** Brings record `id` back from the trash; returns the title the trash showed. */
export async function fromTrash<R extends TrashableRecord>(kind: Trashable<R>, id: string, move: TrashMove) {
  const missing = () => notFound(`${kind.notFoundMessage} in the trash`);
  const trashed = await readTrashed(kind, id);
  if (!trashed || trashed.purging) throw missing();
  assertMayRemove(kind, trashed.record, move.remover);
  const back: R = { ...(kind.restored?.(trashed.record) ?? trashed.record), version: trashed.record.version + 1 };
  const entering = titleIndexWrites(kind, undefined, back);
  const returning = kind.returning(back, move);
  const fits = fitsOneMove(returning, entering);
  const restored: R = kind.indexed ? { ...back, ...(fits ? indexedMark : { searchIndexed: false }) } : back;
  await sendMove(
    [
      takeOutOfTrash(kind, trashed),
      putUnique(kind.itemOf(restored)),
      counterUpdate(trashCounter(kind.entity), 'ALL', -1),
      ...returning,
      ...(fits ? entering : []),
    ],
    missing,
  );
  if (!fits) {
    // Its title enters the index in a second step. A save in between finds it unindexed and indexes it itself.
    await enterTitleIndex(kind, restored).catch((error: unknown) => {
      if (!isStale(error)) throw error;
    });
  }
  return trashed.title;
}
