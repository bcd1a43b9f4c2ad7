/**
 * Autosave: every change is copied into this browser's storage at once, and sent as the user's autosave of the
 * article after AUTOSAVE_IDLE_MS without typing, when the tab is hidden, and when the network returns. An autosave
 * never changes the article: not its status, its live version or what readers see. The sender keeps its own
 * bookkeeping (the idle timer, the send under way, a 429's wait) and reports each step to the editor's machine.
 */
import { type Dispatch, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { AUTOSAVE_IDLE_MS } from '../../../../shared/constants';
import type { ArticleFieldValues } from '../../../../shared/schemas/article-record';
import { ApiError } from '../../api/client';
import { listenAll } from '../../common/listen';
import { dropAutosave, sendAutosave } from '../api';
import { autosaveBody } from './autosave-fields';
import { autosavePauseMs } from './autosave-pause';
import type { EditorEvent } from './editor-machine';
import { sendKeepalive } from './keepalive';
import { type CopyOwner, clearLocalCopy, markLocalCopySent, writeLocalCopy } from './local-copy';
import { contentKey } from './restore-offer';

/** What the sender needs to know of the editor now; set by the editor whenever it changes. */
export interface AutosaveTarget {
  /** Whose copy, of which article; undefined until the user is known. */
  owner: CopyOwner | undefined;
  /** The article as last saved; undefined for a new one (kept on this device only). */
  article: { _id: string; version: number } | undefined;
  /** Whether autosaves go to the server (the editor may write, and holds or may take the lock). */
  enabled: boolean;
}

export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export class AutosaveSender<TForm extends FieldValues> {
  private target: AutosaveTarget = { owner: undefined, article: undefined, enabled: false };
  private baseline: string;
  private lastSent: string | null = null;
  private typedAt: string | null = null;
  private timer: number | undefined;
  private sending = false;
  private again = false;
  /** Until when the server asked to hold autosaves (after a 429); 0 when it did not. */
  private pausedUntil = 0;

  constructor(
    // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
    private readonly form: UseFormReturn<TForm, any, any>,
    private readonly toFields: (values: TForm) => Partial<ArticleFieldValues>,
    private readonly send: Dispatch<EditorEvent>,
  ) {
    this.baseline = contentKey(form.getValues());
  }

  configure(target: AutosaveTarget): void {
    this.target = target;
  }

  /** Whether the form differs from the article as last saved, now (read when the user leaves). */
  hasChanges(): boolean {
    return contentKey(this.form.getValues()) !== this.baseline;
  }

  /** A change: copied into this browser at once, sent after the pause in typing. */
  noteChange(): void {
    const { owner, article } = this.target;
    const values = this.form.getValues();
    const changed = contentKey(values) !== this.baseline;
    this.send({ type: 'typed', dirty: changed, online: isOnline() });
    if (!owner) return;
    window.clearTimeout(this.timer);
    if (!changed) {
      // Typed back to what was saved: nothing to keep.
      clearLocalCopy(owner);
      this.typedAt = null;
      if (this.lastSent !== null && article) {
        this.lastSent = null;
        void dropAutosave(article._id).catch(() => undefined);
      }
      return;
    }
    const at = new Date().toISOString();
    this.typedAt = at;
    writeLocalCopy(owner, { values, savedAt: at, baseVersion: article?.version ?? null, sent: false });
    this.timer = window.setTimeout(() => void this.flush(), AUTOSAVE_IDLE_MS);
  }

  /** Sends now; `force` even when this editor may no longer write (its lock was taken over); `keepalive` on pagehide. */
  async flush({ force = false, keepalive = false } = {}): Promise<void> {
    window.clearTimeout(this.timer);
    const { article, enabled } = this.target;
    if (!article || (!enabled && !force)) return;
    const values = this.form.getValues();
    if (contentKey(values) === this.baseline) return;
    const body = autosaveBody(article.version, this.toFields(values));
    if (!body) return;
    const key = contentKey(body.fields);
    if (key === this.lastSent) return this.send({ type: 'autosave-idle', status: 'saved' });
    if (!isOnline()) return this.send({ type: 'autosave-failed', offline: true });
    if (keepalive) {
      sendKeepalive('POST /cms/{id}/autosave', article._id, body);
      return;
    }
    const wait = this.pausedUntil - Date.now();
    if (wait > 0) {
      // Held after a 429: what the form holds then goes once the wait is over.
      this.timer = window.setTimeout(() => void this.flush({ force }), wait);
      return this.send({ type: 'autosave-idle', status: 'unsaved' });
    }
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    this.send({ type: 'autosave-sending' });
    const typed = this.typedAt;
    try {
      const receipt = await sendAutosave(article._id, body);
      this.lastSent = key;
      if (this.target.owner && typed) markLocalCopySent(this.target.owner, typed);
      this.send({ type: 'autosave-sent', savedAt: receipt.savedAt, typedSince: this.typedAt !== typed });
    } catch (error) {
      const pause = autosavePauseMs(error);
      if (pause !== undefined) {
        // Too many autosaves: the text stays here and in this browser's copy, and is sent after the wait.
        this.pausedUntil = Date.now() + pause;
        window.clearTimeout(this.timer);
        this.timer = window.setTimeout(() => void this.flush({ force }), pause);
      }
      this.send({ type: 'autosave-failed', offline: error instanceof ApiError && error.status === 0 });
    } finally {
      this.sending = false;
      if (this.again) {
        this.again = false;
        void this.flush();
      }
    }
  }

  /** After a save, a discard or a reload: the form as it is now is the saved article; both copies are spent. */
  markSaved(): void {
    window.clearTimeout(this.timer);
    this.baseline = contentKey(this.form.getValues());
    this.lastSent = null;
    this.typedAt = null;
    if (this.target.owner) clearLocalCopy(this.target.owner);
  }

  /** Drops both copies (the restore banner's Discard, Cancel's Discard). */
  discard(): void {
    const { owner, article } = this.target;
    if (owner) clearLocalCopy(owner);
    if (article) void dropAutosave(article._id).catch(() => undefined);
  }

  /** The editor has gone: no timer may send after it. */
  stop(): void {
    window.clearTimeout(this.timer);
  }
}

/**
 * The editor's autosave: one sender for its life, told where to send, and its effects (every change the user
 * makes, a hidden tab, a closing page, the network going and coming back), which only call the sender.
 */
export function useAutosave<TForm extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, any>,
  toFields: (values: TForm) => Partial<ArticleFieldValues>,
  send: Dispatch<EditorEvent>,
  target: AutosaveTarget,
  /** Brings the rich-text fields' last keystrokes into the form. */
  flushTyped: () => Promise<void>,
): AutosaveSender<TForm> {
  const [sender] = useState(() => new AutosaveSender(form, toFields, send));
  const { owner, article, enabled } = target;
  useEffect(() => sender.configure({ owner, article, enabled }), [sender, owner, article, enabled]);

  // Every change the user makes (a reset reports no field name: it is not typing).
  useEffect(() => {
    const subscription = form.watch((_values, info) => {
      if (info.name) sender.noteChange();
    });
    return () => subscription.unsubscribe();
  }, [form, sender]);

  // Hidden tab: send now, with the rich-text fields' last words. Closing page: a keepalive call. Network back: resend.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return;
      void flushTyped()
        .catch(() => undefined)
        .then(() => sender.flush());
    };
    const onPageHide = () => void sender.flush({ keepalive: true });
    const onOnline = () => {
      if (sender.hasChanges()) void sender.flush();
    };
    const onOffline = () => send({ type: 'went-offline' });
    return listenAll([
      [document, 'visibilitychange', onVisibility],
      [window, 'pagehide', onPageHide],
      [window, 'online', onOnline],
      [window, 'offline', onOffline],
    ]);
  }, [sender, send, flushTyped]);

  useEffect(() => () => sender.stop(), [sender]);
  return sender;
}
