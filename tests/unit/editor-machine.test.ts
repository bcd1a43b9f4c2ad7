/**
 * The article editor's machine (web/src/articles/safety-net/editor-machine.ts): its transitions are pure, so
 * every way through loading, editing, saving, a conflict, the lock and the network is checked here without a
 * browser.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleDetail, EditLock } from '../../shared/schemas/article-record';
import {
  type EditorEvent,
  type EditorState,
  initialState,
  isReadOnly,
  lockAfter,
  modeOf,
  outcomeOf,
  pendingOf,
  reduce,
} from '../../web/src/articles/safety-net/editor-machine';

const article = (version = 3) =>
  ({ _id: 'a1', title: 'Bridge repairs', status: 'Draft', type: 'Article', version }) as unknown as ArticleDetail;
const ada = { _id: 'u1', name: 'Ada Admin' };
const bo = { _id: 'u2', name: 'Bo Editor' };
const lock = (mine: boolean): EditLock => ({
  mine,
  holder: mine ? ada : bo,
  since: '2026-11-28T14:00:00.000Z',
  expiresAt: '2026-11-28T14:01:00.000Z',
  takenFrom: null,
});

const run = (state: EditorState, ...events: EditorEvent[]) => events.reduce(reduce, state);
const opened = () => run(initialState(article(), 'a1'), { type: 'lock-answered', lock: lock(true), takeOver: false });

describe('loading', () => {
  it('an existing article waits for its lock; a new one, or one taking no lock, does not', () => {
    expect(modeOf(initialState(article(), 'a1'))).toBe('loading');
    expect(modeOf(initialState(undefined))).toBe('saved');
    expect(initialState(article()).lock).toEqual({ kind: 'off' });
  });

  it('the lock granted: editing can start', () => {
    expect(opened().lock.kind).toBe('mine');
    expect(modeOf(opened())).toBe('saved');
  });

  it('the lock out of reach: editing goes on, the heartbeat keeps trying', () => {
    const state = reduce(initialState(article(), 'a1'), { type: 'lock-unreachable' });
    expect(state.lock).toEqual({ kind: 'unknown' });
    expect(isReadOnly(state)).toBe(false);
    // A later failure of the heartbeat changes nothing already known.
    expect(reduce(opened(), { type: 'lock-unreachable' })).toEqual(opened());
  });
});

describe('the edit lock', () => {
  it('held by someone else on opening: read-only', () => {
    const state = run(initialState(article(), 'a1'), { type: 'lock-answered', lock: lock(false), takeOver: false });
    expect(state.lock.kind).toBe('theirs');
    expect(modeOf(state)).toBe('read-only');
    expect(isReadOnly(state)).toBe(true);
  });

  it('taken over from this editor by a refresh: lost, read-only for good', () => {
    const lost = reduce(opened(), { type: 'lock-answered', lock: lock(false), takeOver: false });
    expect(lost.lock).toEqual({ kind: 'lost', by: bo, at: '2026-11-28T14:00:00.000Z' });
    expect(modeOf(lost)).toBe('lock-lost');
    // A later refresh that finds it free does not give it back; only Take over does.
    expect(reduce(lost, { type: 'lock-answered', lock: lock(true), takeOver: false })).toBe(lost);
    expect(reduce(lost, { type: 'lock-answered', lock: lock(true), takeOver: true }).lock.kind).toBe('mine');
  });

  it('an unknown lock found taken is lost; Take over from theirs makes it mine', () => {
    expect(lockAfter({ kind: 'unknown' }, lock(false), false).kind).toBe('lost');
    expect(lockAfter({ kind: 'theirs', lock: lock(false) }, lock(true), true).kind).toBe('mine');
    expect(lockAfter({ kind: 'theirs', lock: lock(false) }, lock(false), false).kind).toBe('theirs');
  });

  it('renewed: still mine', () => {
    const renewed = reduce(opened(), { type: 'lock-answered', lock: lock(true), takeOver: false });
    expect(renewed.lock.kind).toBe('mine');
    expect(modeOf(renewed)).toBe('saved');
  });
});

describe('typing and the autosave', () => {
  it('a change is editing; typed back to what was saved is saved', () => {
    const typed = reduce(opened(), { type: 'typed', dirty: true, online: true });
    expect(typed.draft).toMatchObject({ status: 'unsaved', dirty: true });
    expect(modeOf(typed)).toBe('editing');
    expect(modeOf(reduce(typed, { type: 'typed', dirty: false, online: true }))).toBe('saved');
  });

  it('the autosave tick: sending, then sent; typing meanwhile leaves it unsaved', () => {
    const typed = reduce(opened(), { type: 'typed', dirty: true, online: true });
    const sending = reduce(typed, { type: 'autosave-sending' });
    expect(modeOf(sending)).toBe('saving');
    const sent = reduce(sending, { type: 'autosave-sent', savedAt: '2026-11-28T14:02:00.000Z', typedSince: false });
    expect(sent.draft).toEqual({ status: 'saved', dirty: true, sentAt: '2026-11-28T14:02:00.000Z' });
    // Still different from the article: Save puts it there.
    expect(modeOf(sent)).toBe('editing');
    const again = reduce(sending, { type: 'autosave-sent', savedAt: '2026-11-28T14:02:00.000Z', typedSince: true });
    expect(again.draft.status).toBe('unsaved');
  });

  it('offline: kept on this device until the network is back', () => {
    const typed = reduce(opened(), { type: 'typed', dirty: true, online: false });
    expect(modeOf(typed)).toBe('offline');
    const online = reduce(opened(), { type: 'typed', dirty: true, online: true });
    expect(modeOf(reduce(online, { type: 'went-offline' }))).toBe('offline');
    // Nothing typed: going offline has nothing to keep.
    const clean = opened();
    expect(reduce(clean, { type: 'went-offline' })).toBe(clean);
    // Back online, the resend goes out and lands.
    const failed = reduce(online, { type: 'autosave-failed', offline: true });
    expect(modeOf(failed)).toBe('offline');
    const resent = run(
      failed,
      { type: 'autosave-sending' },
      { type: 'autosave-sent', savedAt: 'x', typedSince: false },
    );
    expect(resent.draft.status).toBe('saved');
  });

  it('a refused autosave (429) waits as unsaved; an event that changes nothing keeps the same state', () => {
    const typed = reduce(opened(), { type: 'typed', dirty: true, online: true });
    expect(reduce(typed, { type: 'autosave-idle', status: 'unsaved' })).toBe(typed);
    expect(reduce(typed, { type: 'autosave-failed', offline: false }).draft.status).toBe('unsaved');
  });
});

describe('saving', () => {
  const typed = () => reduce(opened(), { type: 'typed', dirty: true, online: true });

  it('started, sent, succeeded: the saved article is the new baseline', () => {
    const saving = reduce(typed(), { type: 'save-started', pending: 'save' });
    expect(modeOf(saving)).toBe('saving');
    expect(pendingOf(saving)).toBe('save');
    const done = run(saving, { type: 'save-sent' }, { type: 'loaded', article: article(4) });
    expect(done.article?.version).toBe(4);
    expect(done.draft).toMatchObject({ status: 'saved', dirty: false });
    expect(pendingOf(done)).toBeNull();
    expect(modeOf(done)).toBe('saved');
    expect(reduce(done, { type: 'save-finished' })).toBe(done);
  });

  it('a failure stays above the form until the next save passes validation', () => {
    const failed = run(
      typed(),
      { type: 'save-started', pending: 'publish' },
      { type: 'save-failed', error: 'offline' },
    );
    expect(outcomeOf(failed)).toEqual({ kind: 'failed', error: 'offline' });
    const retrying = reduce(failed, { type: 'save-started', pending: 'publish' });
    expect(outcomeOf(retrying).kind).toBe('failed');
    // Invalid values: the save stops, the failure is still shown.
    expect(outcomeOf(reduce(retrying, { type: 'save-finished' })).kind).toBe('failed');
    expect(outcomeOf(reduce(retrying, { type: 'save-sent' })).kind).toBe('idle');
  });

  it('409 stale version: a conflict; Keep my version saves over theirs, Reload loads theirs', () => {
    const theirs = article(5);
    const conflict = run(
      typed(),
      { type: 'save-started', pending: 'save' },
      { type: 'save-sent' },
      { type: 'save-conflict', conflict: { theirs, action: 'save' } },
    );
    expect(modeOf(conflict)).toBe('conflict');
    const kept = reduce(conflict, { type: 'conflict-kept', version: 5 });
    expect(kept.article?.version).toBe(5);
    const reloaded = reduce(conflict, { type: 'loaded', article: theirs });
    expect(modeOf(reloaded)).toBe('saved');
    expect(reloaded.article).toBe(theirs);
  });

  it('409 for want of the lock: Take over and save remembers what to repeat', () => {
    const refused = run(
      typed(),
      { type: 'save-started', pending: 'publish' },
      { type: 'save-lock-refused', message: 'Your edit lock lapsed', retry: { kind: 'save', action: 'publish' } },
    );
    expect(outcomeOf(refused)).toEqual({
      kind: 'lock-refused',
      message: 'Your edit lock lapsed',
      retry: { kind: 'save', action: 'publish' },
    });
    expect(pendingOf(refused)).toBeNull();
  });
});

describe('the restore offer', () => {
  it('found on opening, closed by Restore or Discard, spent by a save', () => {
    const offer = { source: 'device' as const, at: '2026-11-28T14:32:00.000Z', values: { title: 'x' }, baseVersion: 3 };
    const found = reduce(opened(), { type: 'offer-found', offer });
    expect(found.offer).toBe(offer);
    expect(reduce(found, { type: 'offer-closed' }).offer).toBeNull();
    expect(reduce(found, { type: 'loaded', article: article(4) }).offer).toBeNull();
  });
});
