/**
 * Edit locks: who has an article open in an editor. Opening takes the lock, the open editor refreshes
 * it, leaving releases it, and a lock nobody refreshed for EDIT_LOCK_SECONDS has lapsed (a dead browser's).
 * They guard people against each other, not a script against nobody: a content save is refused while someone
 * else holds a live lock, and otherwise goes through, whether the caller holds the lock (an editor) or none (a
 * script, or an editor whose lock lapsed while nobody took the article), each checked again by a ConditionCheck in
 * the save's transaction; the version check still refuses a stale write. A list action is refused while someone
 * else holds one. Every check takes `now`, so tests move the clock instead of waiting.
 */
import { EDIT_LOCK_SECONDS } from '../../../shared/constants';
import type { EditLock } from '../../../shared/schemas/article-record';
import type { TransactItem } from '../../lib/db/records';
import { conflict } from '../../lib/errors';
import type { AuthUser } from '../../user/auth-user';
import {
  deleteLockOf,
  failedLockCheck,
  type LockRecord,
  lockHeldCheck,
  noOthersLockCheck,
  readLock,
  writeLock,
} from '../model';

export const LOCK_LAPSED_MESSAGE =
  'Your edit lock has lapsed (the editor was closed or offline): open the article again, or take over, to save';

const isLive = (lock: LockRecord | undefined, now: Date): lock is LockRecord =>
  lock !== undefined && lock.lapsesAt > now.getTime();

const heldBy = (lock: LockRecord | undefined, userId: string, now: Date) =>
  isLive(lock, now) && lock.holderId === userId;

const editingMessage = (lock: LockRecord) =>
  `${lock.holder.name} is editing this article since ${lock.since.slice(11, 16)} UTC: take over to save`;

/**
 * A content save (and a discard, a restore) is refused (409, saying who) while someone else holds a live lock.
 * Otherwise it gets the check its transaction makes again: the caller's own lock still held, or, holding none,
 * still nobody else's.
 */
export function contentSaveGuard(lock: LockRecord | undefined, actor: AuthUser, articleId: string, now: Date) {
  if (heldBy(lock, actor._id, now)) return lockHeldCheck(articleId, actor._id, now);
  if (isLive(lock, now)) throw conflict(editingMessage(lock));
  return noOthersLockCheck(articleId, actor._id, now);
}

/** A list action (publish, approve …) is refused while someone else has the article open. */
export function refuseWhileOthersEdit(lock: LockRecord | undefined, actor: AuthUser, now: Date) {
  if (isLive(lock, now) && lock.holderId !== actor._id) {
    throw conflict(`${lock.holder.name} is editing this article: try again when they are done`);
  }
}

/** What a failed lock check of a transaction means; undefined when the failed item was not one. */
export function lockCheckMessage(failed: TransactItem | undefined): string | undefined {
  const which = failedLockCheck(failed);
  if (!which) return undefined;
  return which === 'others'
    ? 'Someone opened this article for editing meanwhile: try again when they are done'
    : LOCK_LAPSED_MESSAGE;
}

export const lockView = (lock: LockRecord, userId: string): EditLock => ({
  mine: lock.holderId === userId,
  holder: lock.holder,
  since: lock.since,
  expiresAt: new Date(lock.lapsesAt).toISOString(),
  takenFrom: lock.holderId === userId ? lock.takenFrom : null,
});

/**
 * Takes or refreshes the caller's lock; with `takeOver`, takes it from whoever holds it. Someone else's live lock
 * without `takeOver` is answered as it is (`mine: false`): the editor opens read-only and offers Take over. The
 * write is conditioned on the lock as read, so two people opening at once cannot both get it.
 */
export async function takeLock(articleId: string, actor: AuthUser, takeOver: boolean, now = new Date()) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await readLock(articleId);
    if (isLive(current, now) && current.holderId !== actor._id && !takeOver) return lockView(current, actor._id);
    const mine = heldBy(current, actor._id, now) ? current : undefined;
    const lock: LockRecord = {
      holder: { _id: actor._id, name: actor.name },
      holderId: actor._id,
      since: mine?.since ?? now.toISOString(),
      lapsesAt: now.getTime() + EDIT_LOCK_SECONDS * 1000,
      takenFrom: mine ? mine.takenFrom : isLive(current, now) ? current.holder : null,
    };
    if (await writeLock(articleId, lock, current)) return lockView(lock, actor._id);
  }
  throw conflict('Others are opening this article at the same moment: try again');
}

/** Releases the caller's lock (leaving the editor); someone else's is left alone. */
export async function releaseLock(articleId: string, actor: AuthUser) {
  await deleteLockOf(articleId, actor._id);
}
