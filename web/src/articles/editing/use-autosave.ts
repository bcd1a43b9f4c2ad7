/**
 * Autosave: every change is copied into this browser's storage at once, and sent as the user's
 * autosave of the article after AUTOSAVE_IDLE_MS without typing, when the tab is hidden, and when the network
 * returns. An autosave never changes the article: not its status, its live version or what readers see.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { AUTOSAVE_IDLE_MS } from '../../../../shared/constants';
import type { ArticleFieldValues } from '../../../../shared/schemas/article-record';
import { ApiError } from '../../api/client';
import { dropAutosave, sendAutosave } from '../api';
import { autosaveBody } from './autosave-fields';
import { autosavePauseMs } from './autosave-pause';
import { sendKeepalive } from './keepalive';
import { type CopyOwner, clearLocalCopy, markLocalCopySent, writeLocalCopy } from './local-copy';
import { contentKey } from './restore-offer';

/** `saved`: nothing unsent; `unsaved`: changes wait for the pause in typing; `offline`: kept on this device. */
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'offline';

export interface AutosaveOptions<TForm extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, any>;
  /** Whose copy, of which article; undefined until the user is known. */
  owner: CopyOwner | undefined;
  /** The article as last saved; undefined for a new one (kept on this device only). */
  article: { _id: string; version: number } | undefined;
  /** Whether autosaves go to the server (the editor may write). */
  enabled: boolean;
  toFields: (values: TForm) => Partial<ArticleFieldValues>;
  /** Brings the rich-text fields' last keystrokes into the form. */
  beforeFlush?: () => Promise<void>;
}

export interface Autosave {
  state: SaveState;
  /** Whether the form differs from the article as last saved. */
  dirty: boolean;
  /** When the server last took an autosave (ISO). */
  sentAt: string | null;
  /** Sends the autosave now; `force` even when this editor may no longer write (its lock was taken over). */
  flush: (options?: { force?: boolean }) => Promise<void>;
  /** A change the form did not report itself (a restore): copy and schedule it like a keystroke. */
  noteChange: () => void;
  /** After a save, a discard or a reload: the form as it is now is the saved article; both copies are spent. */
  markSaved: () => void;
  /** Drops both copies (the restore banner's Discard). */
  discard: () => void;
  /** Whether the form differs from the article as last saved, now (read when the user leaves). */
  hasChanges: () => boolean;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function useAutosave<TForm extends FieldValues>(options: AutosaveOptions<TForm>): Autosave {
  const { form } = options;
  const latest = useRef(options);
  latest.current = options;

  const [state, setState] = useState<SaveState>('saved');
  const [dirty, setDirty] = useState(false);
  const [sentAt, setSentAt] = useState<string | null>(null);
  const baseline = useRef<string | null>(null);
  baseline.current ??= contentKey(form.getValues());
  const lastSent = useRef<string | null>(null);
  const typedAt = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const sending = useRef(false);
  const again = useRef(false);
  /** Until when the server asked to hold autosaves (after a 429); 0 when it did not. */
  const pausedUntil = useRef(0);

  const send = useCallback(
    async ({ force = false, keepalive = false } = {}) => {
      const { article, enabled, toFields } = latest.current;
      if (!article || (!enabled && !force)) return;
      const values = form.getValues();
      if (contentKey(values) === baseline.current) return;
      const body = autosaveBody(article.version, toFields(values));
      if (!body) return;
      const key = contentKey(body.fields);
      if (key === lastSent.current) {
        setState('saved');
        return;
      }
      if (!online()) {
        setState('offline');
        return;
      }
      if (keepalive) {
        sendKeepalive('POST /cms/{id}/autosave', article._id, body);
        return;
      }
      const wait = pausedUntil.current - Date.now();
      if (wait > 0) {
        // Held after a 429: what the form holds then goes once the wait is over.
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => void send({ force }), wait);
        setState('unsaved');
        return;
      }
      if (sending.current) {
        again.current = true;
        return;
      }
      sending.current = true;
      setState('saving');
      const typed = typedAt.current;
      try {
        const receipt = await sendAutosave(article._id, body);
        lastSent.current = key;
        setSentAt(receipt.savedAt);
        const owner = latest.current.owner;
        if (owner && typed) markLocalCopySent(owner, typed);
        setState(typedAt.current === typed ? 'saved' : 'unsaved');
      } catch (error) {
        const pause = autosavePauseMs(error);
        if (pause !== undefined) {
          // Too many autosaves: the text stays here and in this browser's copy, and is sent after the wait.
          pausedUntil.current = Date.now() + pause;
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => void send({ force }), pause);
        }
        setState(error instanceof ApiError && error.status === 0 ? 'offline' : 'unsaved');
      } finally {
        sending.current = false;
        if (again.current) {
          again.current = false;
          void send();
        }
      }
    },
    [form],
  );

  const schedule = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void send(), AUTOSAVE_IDLE_MS);
  }, [send]);

  const noteChange = useCallback(() => {
    const { owner, article } = latest.current;
    const values = form.getValues();
    const changed = contentKey(values) !== baseline.current;
    setDirty(changed);
    if (!owner) return;
    if (!changed) {
      // Typed back to what was saved: nothing to keep.
      window.clearTimeout(timer.current);
      clearLocalCopy(owner);
      typedAt.current = null;
      if (lastSent.current !== null && article) {
        lastSent.current = null;
        void dropAutosave(article._id).catch(() => undefined);
      }
      setState('saved');
      return;
    }
    const at = new Date().toISOString();
    typedAt.current = at;
    writeLocalCopy(owner, { values, savedAt: at, baseVersion: article?.version ?? null, sent: false });
    setState(online() ? 'unsaved' : 'offline');
    schedule();
  }, [form, schedule]);

  // Every change the user makes (a reset reports no field name: it is not typing).
  useEffect(() => {
    const subscription = form.watch((_values, info) => {
      if (info.name) noteChange();
    });
    return () => subscription.unsubscribe();
  }, [form, noteChange]);

  // Hidden tab: send now, with the rich-text fields' last words. Closing page: a keepalive call. Network back: resend.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return;
      window.clearTimeout(timer.current);
      void (async () => {
        await latest.current.beforeFlush?.().catch(() => undefined);
        await send();
      })();
    };
    const onPageHide = () => void send({ keepalive: true });
    const onOnline = () => {
      if (contentKey(form.getValues()) !== baseline.current) void send();
    };
    const onOffline = () => {
      if (contentKey(form.getValues()) !== baseline.current) setState('offline');
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [form, send]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const flush = useCallback(
    async ({ force = false } = {}) => {
      window.clearTimeout(timer.current);
      await latest.current.beforeFlush?.().catch(() => undefined);
      await send({ force });
    },
    [send],
  );

  const markSaved = useCallback(() => {
    window.clearTimeout(timer.current);
    baseline.current = contentKey(form.getValues());
    lastSent.current = null;
    typedAt.current = null;
    const owner = latest.current.owner;
    if (owner) clearLocalCopy(owner);
    setDirty(false);
    setState('saved');
  }, [form]);

  const discard = useCallback(() => {
    const { owner, article } = latest.current;
    if (owner) clearLocalCopy(owner);
    if (article) void dropAutosave(article._id).catch(() => undefined);
  }, []);

  const hasChanges = useCallback(() => contentKey(form.getValues()) !== baseline.current, [form]);

  return { state, dirty, sentAt, flush, noteChange, markSaved, discard, hasChanges };
}
