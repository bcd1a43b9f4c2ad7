/**
 * The edit lock of an open editor: taken when an existing article opens, refreshed every
 * EDIT_LOCK_REFRESH_SECONDS while it stays open (and when the tab comes back or the network returns), released on
 * leaving (unmount, and pagehide through a keepalive call). Someone else's live lock opens the editor read-only
 * with Take over; a refresh that finds the lock taken from us turns it read-only and reports it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { EDIT_LOCK_REFRESH_SECONDS } from '../../../../shared/constants';
import type { NamedRef } from '../../../../shared/schemas/common';
import { type EditLock, releaseEditLock, takeEditLock } from '../api';
import { sendKeepalive } from './keepalive';

export type LockState =
  /** A new article: nothing to lock yet. */
  | { kind: 'off' }
  | { kind: 'taking' }
  | { kind: 'mine'; lock: EditLock }
  /** Someone else holds a live lock: read-only, with Take over. */
  | { kind: 'theirs'; lock: EditLock }
  /** It was taken over from this editor: read-only for good (the text is kept as the autosave). */
  | { kind: 'lost'; by: NamedRef; at: string }
  /** The lock could not be asked for (offline, a failure): editing goes on, the refresh keeps trying. */
  | { kind: 'unknown' };

export interface EditLockEvents {
  /** Someone took the lock over while this editor held it. */
  onLost?: (lock: EditLock) => void;
  /** This editor now holds the lock after someone else did (Take over): their saves may have changed the article. */
  onTakenOver?: () => void;
}

export interface EditLockControl {
  state: LockState;
  /** Fields and saves are off: someone else holds the lock, or took it over. */
  readOnly: boolean;
  /** Take over from whoever holds it (Take over, Take over and save); the lock as it now is. */
  takeOver: () => Promise<EditLock | undefined>;
  /** Ask for (or refresh) the lock now; the lock as it now is, undefined when it could not be asked. */
  check: () => Promise<EditLock | undefined>;
  /** Settles once the lock asked for on opening (or any request under way) has been answered: a save waits for it. */
  settled: () => Promise<void>;
}

const createdLocks = new Map<string, Promise<unknown>>();

/**
 * Before a save on the create screen of the article it has just created: takes that article's lock, once. The
 * route change to the edit screen, whose lock hook takes the lock, can wait a moment for that screen's code, and a
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

export function useEditLock(articleId: string | undefined, events: EditLockEvents = {}): EditLockControl {
  const [state, setState] = useState<LockState>(articleId ? { kind: 'taking' } : { kind: 'off' });
  const current = useRef(state);
  const set = useCallback((next: LockState) => {
    current.current = next;
    setState(next);
  }, []);
  const latestEvents = useRef(events);
  latestEvents.current = events;
  const mounted = useRef(true);
  const asking = useRef<Promise<unknown> | null>(null);
  // Answered once the lock asked for on opening has been: a save clicked before that request even started (the
  // first render, before its effect ran) must wait for it too, or it would go out without the lock.
  const [opening] = useState(() => {
    let answered: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      answered = resolve;
    });
    if (!articleId) answered();
    return { promise, answered };
  });

  const request = useCallback(
    async (takeOver: boolean): Promise<EditLock | undefined> => {
      if (!articleId) return undefined;
      let lock: EditLock;
      try {
        const asked = takeEditLock(articleId, takeOver);
        asking.current = asked;
        lock = await asked;
      } catch {
        if (current.current.kind === 'taking') set({ kind: 'unknown' });
        return undefined;
      } finally {
        opening.answered();
      }
      if (!mounted.current) {
        // Answered after the editor was left: give back what it got.
        if (lock.mine) void releaseEditLock(articleId).catch(() => undefined);
        return lock;
      }
      const before = current.current;
      if (before.kind === 'lost' && !takeOver) return lock;
      if (lock.mine) {
        set({ kind: 'mine', lock });
        if (before.kind === 'theirs' || before.kind === 'lost') latestEvents.current.onTakenOver?.();
      } else if (before.kind === 'mine' || before.kind === 'unknown') {
        set({ kind: 'lost', by: lock.holder, at: lock.since });
        latestEvents.current.onLost?.(lock);
      } else {
        set({ kind: 'theirs', lock });
      }
      return lock;
    },
    [articleId, set, opening],
  );

  // Take it on opening; release it on leaving.
  useEffect(() => {
    if (!articleId) return;
    mounted.current = true;
    void request(false);
    return () => {
      mounted.current = false;
      if (current.current.kind === 'mine') void releaseEditLock(articleId).catch(() => undefined);
    };
  }, [articleId, request]);

  // Keep it alive while the editor is open (a held lock, or one not known yet).
  const refreshing = state.kind === 'mine' || state.kind === 'unknown';
  useEffect(() => {
    if (!articleId || !refreshing) return;
    const timer = window.setInterval(() => void request(false), EDIT_LOCK_REFRESH_SECONDS * 1000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void request(false);
    };
    const onOnline = () => void request(false);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, [articleId, refreshing, request]);

  // A closed tab or a page left for another site: release with a call that outlives the page. A page kept in
  // the back-forward cache takes the lock again when it is shown.
  useEffect(() => {
    if (!articleId) return;
    const onHide = () => {
      if (current.current.kind === 'mine') sendKeepalive('DELETE /cms/{id}/lock', articleId);
    };
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted && current.current.kind === 'mine') void request(false);
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  }, [articleId, request]);

  const takeOver = useCallback(() => request(true), [request]);
  const check = useCallback(() => request(false), [request]);
  const settled = useCallback(async () => {
    await opening.promise;
    await asking.current?.catch(() => undefined);
  }, [opening]);
  return { state, readOnly: state.kind === 'theirs' || state.kind === 'lost', takeOver, check, settled };
}
