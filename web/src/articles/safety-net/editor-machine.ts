/**
 * The article editor's state as one pure reducer. Three regions change side by side and each has its own states:
 * the edit lock (`lock`), the typing not yet saved (`draft`, which the autosave sends) and the save the user asked
 * for (`save`). `modeOf` reads the one state the screen is in from them: loading, read-only, lock lost, conflict,
 * saving, offline, editing or saved. The effects (the lock's requests and heartbeat, the autosave, the network
 * listeners) and the commands (Save, Publish, Take over, Reload…) only send events here; what an answer means
 * for the editor is decided in `reduce`, which sees the state as it is when the answer arrives.
 */
import type { NamedRef } from '../../../../shared/schemas/common';
import type { WorkflowAction } from '../../../../shared/workflow';
import type { ArticleDetail, EditLock } from '../api';
import type { RestoreCandidate } from './restore-offer';

export type LockState =
  /** A new article, or one this user may not change as it is: nothing to lock. */
  | { kind: 'off' }
  /** Asked for on opening, not answered yet: a save waits for it. */
  | { kind: 'taking' }
  | { kind: 'mine'; lock: EditLock }
  /** Someone else holds a live lock: read-only, with Take over. */
  | { kind: 'theirs'; lock: EditLock }
  /** It was taken over from this editor: read-only for good (the text is kept as the autosave). */
  | { kind: 'lost'; by: NamedRef; at: string }
  /** The lock could not be asked for (offline, a failure): editing goes on, the heartbeat keeps trying. */
  | { kind: 'unknown' };

/** `saved`: nothing unsent; `unsaved`: changes wait for the pause in typing; `offline`: kept on this device. */
export type DraftStatus = 'saved' | 'unsaved' | 'saving' | 'offline';

export interface Draft {
  status: DraftStatus;
  /** The form differs from the article as last saved. */
  dirty: boolean;
  /** When the server last took an autosave (ISO). */
  sentAt: string | null;
}

/** The article someone else saved in between, with what this editor was trying to do. */
export interface Conflict {
  theirs: ArticleDetail;
  action: WorkflowAction;
}

export type SaveCycle =
  | { kind: 'idle' }
  /** `shown`: what the last save left above the form, kept there until this one's values have passed validation. */
  | { kind: 'saving'; pending: WorkflowAction | 'preview'; shown: SaveOutcome }
  /** Refused or failed (400, 403, offline): shown above the form, which keeps every word. */
  | { kind: 'failed'; error: unknown }
  /** A stale version (409): Reload theirs or Keep my version. */
  | { kind: 'conflict'; conflict: Conflict }
  /** Refused for want of the lock (a laptop that slept): Take over and save repeats `retry`. */
  | { kind: 'lock-refused'; message: string; retry: LockRetry };

/** What a refusal for want of the lock interrupted, to repeat once the lock is taken over. */
export type LockRetry =
  | { kind: 'save'; action: WorkflowAction }
  | { kind: 'discard' }
  | { kind: 'restore'; revision: number };

/** What a save leaves above the form. */
export type SaveOutcome = Exclude<SaveCycle, { kind: 'saving' }>;

export interface EditorState {
  /** The article as last loaded or saved (its version is the one the next save sends); undefined while creating. */
  article: ArticleDetail | undefined;
  lock: LockState;
  draft: Draft;
  save: SaveCycle;
  /** "Restore your unsaved changes from 14:32", once on opening and after a take-over. */
  offer: RestoreCandidate<unknown> | null;
}

export type EditorEvent =
  | { type: 'lock-answered'; lock: EditLock; takeOver: boolean }
  | { type: 'lock-unreachable' }
  | { type: 'typed'; dirty: boolean; online: boolean }
  | { type: 'went-offline' }
  | { type: 'autosave-sending' }
  | { type: 'autosave-sent'; savedAt: string; typedSince: boolean }
  /** Nothing new to send (already sent), or held until a 429's wait is over. */
  | { type: 'autosave-idle'; status: 'saved' | 'unsaved' }
  | { type: 'autosave-failed'; offline: boolean }
  | { type: 'offer-found'; offer: RestoreCandidate<unknown> | null }
  | { type: 'offer-closed' }
  | { type: 'save-started'; pending: WorkflowAction | 'preview' }
  /** The values passed validation and go to the API: the last outcome is cleared. */
  | { type: 'save-sent' }
  | { type: 'save-finished' }
  | { type: 'save-failed'; error: unknown }
  | { type: 'save-conflict'; conflict: Conflict }
  | { type: 'save-lock-refused'; message: string; retry: LockRetry }
  /** A save succeeded, or a stored article was put in the editor (Reload, discard, restore, take-over). */
  | { type: 'loaded'; article: ArticleDetail }
  /** Keep my version: the next save goes over theirs. */
  | { type: 'conflict-kept'; version: number };

const SAVED_DRAFT: Draft = { status: 'saved', dirty: false, sentAt: null };

/** `lockedId`: the article whose lock this editor asks for on opening, if any. */
export function initialState(article: ArticleDetail | undefined, lockedId?: string): EditorState {
  return {
    article,
    lock: lockedId ? { kind: 'taking' } : { kind: 'off' },
    draft: SAVED_DRAFT,
    save: { kind: 'idle' },
    offer: null,
  };
}

/** What a lock request's answer makes of the lock as it was. */
export function lockAfter(before: LockState, lock: EditLock, takeOver: boolean): LockState {
  // Taken over from this editor: only its own Take over gives it back.
  if (before.kind === 'lost' && !takeOver) return before;
  if (lock.mine) return { kind: 'mine', lock };
  if (before.kind === 'mine' || before.kind === 'unknown') return { kind: 'lost', by: lock.holder, at: lock.since };
  return { kind: 'theirs', lock };
}

function withDraft(state: EditorState, draft: Partial<Draft>): EditorState {
  const next = { ...state.draft, ...draft };
  const same =
    next.status === state.draft.status && next.dirty === state.draft.dirty && next.sentAt === state.draft.sentAt;
  return same ? state : { ...state, draft: next };
}

export function reduce(state: EditorState, event: EditorEvent): EditorState {
  switch (event.type) {
    case 'lock-answered': {
      const lock = lockAfter(state.lock, event.lock, event.takeOver);
      return lock === state.lock ? state : { ...state, lock };
    }
    case 'lock-unreachable':
      return state.lock.kind === 'taking' ? { ...state, lock: { kind: 'unknown' } } : state;
    case 'typed':
      return withDraft(state, {
        dirty: event.dirty,
        status: !event.dirty ? 'saved' : event.online ? 'unsaved' : 'offline',
      });
    case 'went-offline':
      return state.draft.dirty ? withDraft(state, { status: 'offline' }) : state;
    case 'autosave-sending':
      return withDraft(state, { status: 'saving' });
    case 'autosave-sent':
      return withDraft(state, { status: event.typedSince ? 'unsaved' : 'saved', sentAt: event.savedAt });
    case 'autosave-idle':
      return withDraft(state, { status: event.status });
    case 'autosave-failed':
      return withDraft(state, { status: event.offline ? 'offline' : 'unsaved' });
    case 'offer-found':
      return { ...state, offer: event.offer };
    case 'offer-closed':
      return state.offer ? { ...state, offer: null } : state;
    case 'save-started':
      return { ...state, save: { kind: 'saving', pending: event.pending, shown: outcomeOf(state) } };
    case 'save-sent':
      return state.save.kind === 'saving' ? { ...state, save: { ...state.save, shown: { kind: 'idle' } } } : state;
    case 'save-finished':
      return state.save.kind === 'saving' ? { ...state, save: state.save.shown } : state;
    case 'save-failed':
      return { ...state, save: { kind: 'failed', error: event.error } };
    case 'save-conflict':
      return { ...state, save: { kind: 'conflict', conflict: event.conflict } };
    case 'save-lock-refused':
      return { ...state, save: { kind: 'lock-refused', message: event.message, retry: event.retry } };
    case 'loaded':
      // The form is now the stored article: nothing unsaved, no copy to offer, nothing refused.
      return {
        ...state,
        article: event.article,
        save: { kind: 'idle' },
        offer: null,
        draft: { ...SAVED_DRAFT, sentAt: state.draft.sentAt },
      };
    case 'conflict-kept':
      return state.article ? { ...state, article: { ...state.article, version: event.version } } : state;
  }
}

/** The one state the editor is in, for the screen: the regions read in order of what matters most. */
export type EditorMode =
  | 'loading'
  | 'read-only'
  | 'lock-lost'
  | 'conflict'
  | 'saving'
  | 'offline'
  | 'editing'
  | 'saved';

export function modeOf(state: EditorState): EditorMode {
  if (state.lock.kind === 'taking') return 'loading';
  if (state.lock.kind === 'lost') return 'lock-lost';
  if (state.lock.kind === 'theirs') return 'read-only';
  if (state.save.kind === 'conflict') return 'conflict';
  if (state.save.kind === 'saving' || state.draft.status === 'saving') return 'saving';
  if (state.draft.status === 'offline') return 'offline';
  return state.draft.dirty ? 'editing' : 'saved';
}

/** Fields and saves are off: someone else holds the lock, or took it over. */
export const isReadOnly = (state: EditorState): boolean => state.lock.kind === 'theirs' || state.lock.kind === 'lost';

/** What the last save left above the form (a failure, a conflict, a refusal), also while the next one starts. */
export const outcomeOf = (state: EditorState): SaveOutcome =>
  state.save.kind === 'saving' ? state.save.shown : state.save;

/** The save on its way (its button shows it), or null. */
export const pendingOf = (state: EditorState): WorkflowAction | 'preview' | null =>
  state.save.kind === 'saving' ? state.save.pending : null;

/** The lock is held, or not known yet: the heartbeat keeps it alive. */
export const lockNeedsHeartbeat = (lock: LockState): boolean => lock.kind === 'mine' || lock.kind === 'unknown';
