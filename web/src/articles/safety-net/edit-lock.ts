/**
 * The edit lock of an open editor: taken when an existing article opens, refreshed every
 * EDIT_LOCK_REFRESH_SECONDS while it is held or not known (and when the tab comes back or the network returns),
 * released on leaving (unmount, and pagehide through a keepalive call). Every answer goes to the editor's machine
 * as an event; what it means (mine, theirs, lost) is decided there (`lockAfter`).
 */
import { type Dispatch, useEffect, useState } from 'react';
import { EDIT_LOCK_REFRESH_SECONDS } from '../../../../shared/constants';
import { listenAll } from '../../common/listen';
import { type EditLock, releaseEditLock, takeEditLock } from '../api';
import type { EditorEvent, LockState } from './editor-machine';
import { lockNeedsHeartbeat } from './editor-machine';
import { sendKeepalive } from './keepalive';

export interface LockChannel {
  /** Asks for (or refreshes, or with `takeOver` takes) the lock; the answer, undefined when it could not be asked. */
  request: (takeOver: boolean) => Promise<EditLock | undefined>;
  /** Settles once the lock asked for on opening (and any request under way) has been answered: a save waits. */
  settled: () => Promise<void>;
}

/**
 * The requests of one editor's lock. `articleId` undefined: a new article, or one the user may not change, which
 * takes no lock. The opening promise exists from the first render, so a save clicked before the opening request
 * even started waits for it too.
 */
export function createLockChannel(articleId: string | undefined, send: Dispatch<EditorEvent>): LockChannel {
  let answered: () => void = () => undefined;
  const opening = new Promise<void>((resolve) => {
    answered = resolve;
  });
  if (!articleId) answered();
  let asking: Promise<unknown> | null = null;
  return {
    async request(takeOver) {
      if (!articleId) return undefined;
      try {
        const asked = takeEditLock(articleId, takeOver);
        asking = asked;
        const lock = await asked;
        send({ type: 'lock-answered', lock, takeOver });
        return lock;
      } catch {
        send({ type: 'lock-unreachable' });
        return undefined;
      } finally {
        answered();
      }
    },
    async settled() {
      await opening;
      await asking?.catch(() => undefined);
    },
  };
}

const createdLocks = new Map<string, Promise<unknown>>();

/**
 * Before a save on the create screen of the article it has just created: takes that article's lock, once. The
 * route change to the edit screen, whose editor takes the lock, can wait a moment for that screen's code, and a
 * Preview or Save clicked meanwhile went out without a lock (409 "lapsed"). The edit screen then refreshes it: the
 * holder is the same.
 */
export function lockCreatedArticle(articleId: string): Promise<void> {
  let taking = createdLocks.get(articleId);
  if (!taking) {
    taking = takeEditLock(articleId).catch(() => undefined);
    createdLocks.set(articleId, taking);
  }
  return taking.then(() => undefined);
}

/** One lock channel per editor, for the article it opened (fixed for the editor's life). */
export function useLockChannel(articleId: string | undefined, send: Dispatch<EditorEvent>): LockChannel {
  const [channel] = useState(() => createLockChannel(articleId, send));
  return channel;
}

/** The lock's effects: ask on opening, the heartbeat, release on leaving. They only send events. */
export function useEditLockEffects(articleId: string | undefined, lock: LockState, channel: LockChannel): void {
  // Ask on opening. Answered after the editor was left: give back what it got.
  useEffect(() => {
    if (!articleId) return;
    let left = false;
    void takeOnOpening();
    async function takeOnOpening() {
      const answer = await channel.request(false);
      if (left && answer?.mine) void releaseEditLock(articleId as string).catch(() => undefined);
    }
    return () => {
      left = true;
    };
  }, [articleId, channel]);

  // The heartbeat, while the lock is held or not known yet.
  const heartbeat = lockNeedsHeartbeat(lock);
  useEffect(() => {
    if (!articleId || !heartbeat) return;
    const timer = window.setInterval(() => void channel.request(false), EDIT_LOCK_REFRESH_SECONDS * 1000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void channel.request(false);
    };
    const onOnline = () => void channel.request(false);
    const stopListening = listenAll([
      [document, 'visibilitychange', onVisible],
      [window, 'online', onOnline],
    ]);
    return () => {
      window.clearInterval(timer);
      stopListening();
    };
  }, [articleId, heartbeat, channel]);

  // While it is held: a closed tab or a page left for another site releases it with a call that outlives the
  // page; a page kept in the back-forward cache takes it again when shown; leaving the editor (or losing the lock,
  // when the API's release, conditional on the holder, changes nothing) releases it.
  const mine = lock.kind === 'mine';
  useEffect(() => {
    if (!articleId || !mine) return;
    const onHide = () => sendKeepalive('DELETE /cms/{id}/lock', articleId);
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void channel.request(false);
    };
    const stopListening = listenAll([
      [window, 'pagehide', onHide],
      [window, 'pageshow', onShow],
    ]);
    return () => {
      stopListening();
      void releaseEditLock(articleId).catch(() => undefined);
    };
  }, [articleId, mine, channel]);
}
