/**
 * Runs the editor's machine (editor-machine.ts) for one open editor: the reducer, the edit lock's effects and the
 * autosave, which only send it events, and the few steps every command shares (put a stored article in the
 * editor, look for a copy to restore, take the lock over).
 */
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { mutate } from 'swr';
import type { ArticleType } from '../../../../shared/constants';
import { editorKindOf, mayChangeArticle, workflowRoleOf } from '../../../../shared/workflow';
import { api } from '../../api/client';
import { useSession } from '../../session/session-context';
import { type ArticleDetail, type ArticleFieldValues, articleKey, readAutosave, revalidateArticles } from '../api';
import { type AutosaveSender, useAutosave } from './autosave';
import { type LockChannel, useEditLockEffects, useLockChannel } from './edit-lock';
import { editedArticle, lastSavedAt, withFields } from './edited-article';
import { type EditorEvent, type EditorState, initialState, isReadOnly, reduce } from './editor-machine';
import { type CopyOwner, readLocalCopy } from './local-copy';
import { restoreOffer } from './restore-offer';

export interface EditorMachineOptions<TForm extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, any>;
  /** The article as opened; undefined while creating. */
  article: ArticleDetail | undefined;
  type: ArticleType;
  toForm: (article: ArticleDetail) => TForm;
  /** The form's values as the API's fields, unvalidated (an autosave, a word count, a diff). */
  toFields: (values: TForm) => Partial<ArticleFieldValues>;
  /** Brings the rich-text fields' last keystrokes into the form (stable). */
  flushTyped: () => Promise<void>;
}

export interface EditorMachine<TForm extends FieldValues> {
  state: EditorState;
  send: (event: EditorEvent) => void;
  lock: LockChannel;
  /** The lock taken on opening, if any: a save waits for its answer. */
  lockedId: string | undefined;
  autosave: AutosaveSender<TForm>;
  /** Puts a stored article in the editor (a save, Reload, a discard, a restore, a take-over): a live one's draft. */
  load: (stored: ArticleDetail, options?: { resetForm?: boolean }) => void;
  /**
   * Takes the lock over; after someone else's, their latest version and any copy of ours are loaded. The article
   * to go on with when taken, undefined when not.
   */
  takeOver: () => Promise<{ article: ArticleDetail | undefined } | undefined>;
}

export function useEditorMachine<TForm extends FieldValues>(
  options: EditorMachineOptions<TForm>,
): EditorMachine<TForm> {
  const { form, type, toForm, toFields, flushTyped } = options;
  const { user } = useSession();
  // Fixed for the editor's life. The article opened, not one this editor has just created (the create screen
  // moves to the edit screen, whose editor takes the lock); someone who may not change it as it is (a contributor
  // on a live article) takes none. This browser's copy belongs to the type first opened until the article exists.
  const [opened] = useState(() => {
    const role = workflowRoleOf(user);
    const mayWrite = !options.article || mayChangeArticle(options.article.status, role, editorKindOf(type));
    return { mayWrite, lockedId: mayWrite ? options.article?._id : undefined, firstType: type };
  });
  const [state, send] = useReducer(reduce, options.article, (article) => initialState(article, opened.lockedId));
  const lock = useLockChannel(opened.lockedId, send);
  useEditLockEffects(opened.lockedId, state.lock, lock);

  const articleId = state.article?._id;
  const owner = useMemo<CopyOwner | undefined>(
    () => (user?._id ? { userId: user._id, articleId, type: opened.firstType } : undefined),
    [user?._id, articleId, opened.firstType],
  );
  const enabled = Boolean(state.article) && opened.mayWrite && !isReadOnly(state);
  const target = useMemo(() => ({ owner, article: state.article, enabled }), [owner, state.article, enabled]);
  const autosave = useAutosave(form, toFields, send, target, flushTyped);

  // Taken over from this editor: its text goes as the autosave, though it may no longer write.
  const lost = state.lock.kind === 'lost';
  useEffect(() => {
    if (lost) void flushTyped().then(() => autosave.flush({ force: true }));
  }, [lost, autosave, flushTyped]);

  const checkOffer = useCallback(
    async (article: ArticleDetail | undefined) => {
      if (!owner) return;
      let server: { values: TForm; at: string; baseVersion: number } | null = null;
      if (article) {
        try {
          const saved = await readAutosave(article._id);
          const values = saved && toForm(withFields(article, saved.fields));
          if (saved && values) server = { values, at: saved.savedAt, baseVersion: saved.baseVersion };
        } catch {
          // No autosave to offer from the server; this browser's copy still counts.
        }
      }
      const local = readLocalCopy<TForm>(owner);
      const at = article && { version: article.version, lastSavedAt: lastSavedAt(article) };
      send({ type: 'offer-found', offer: restoreOffer({ server, local, article: at, current: form.getValues() }) });
    },
    [owner, form, toForm],
  );
  // Once, when the editor opens (a save later changes the article, not the offer).
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    if (!owner || offered) return;
    setOffered(true);
    void checkOffer(state.article);
  }, [owner, offered, checkOffer, state.article]);

  const load = useCallback(
    (stored: ArticleDetail, { resetForm = true } = {}) => {
      void mutate(articleKey(stored._id), stored, { revalidate: false });
      // After a save the form already is what was saved: it only becomes the baseline for "unsaved changes".
      form.reset(resetForm ? toForm(editedArticle(stored)) : form.getValues());
      autosave.markSaved();
      send({ type: 'loaded', article: stored });
      if (resetForm) void revalidateArticles(stored._id);
    },
    [form, toForm, autosave],
  );

  const takeOver = useCallback(async () => {
    const before = state.lock.kind;
    const taken = await lock.request(true);
    if (!taken?.mine) return undefined;
    if ((before === 'theirs' || before === 'lost') && articleId) {
      let latest = state.article;
      try {
        // Whoever held it may have saved meanwhile: edit their latest.
        latest = await api('GET /cms/detail/{id}', { params: { id: articleId } });
        load(latest);
      } catch {
        // The loaded version stays; a stale save says so.
      }
      await checkOffer(latest);
      return { article: latest };
    }
    return { article: state.article };
  }, [state.lock.kind, state.article, articleId, lock, load, checkOffer]);

  return { state, send, lock, lockedId: opened.lockedId, autosave, load, takeOver };
}
