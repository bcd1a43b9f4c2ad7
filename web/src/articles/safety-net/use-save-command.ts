/**
 * The save every article editor shares: create (POST) or update (PATCH with the version read), CONTRACT.md §8's
 * popups, and what a refusal means, sent to the editor's machine. Nothing the user typed is ever thrown away by a
 * failed save: on a stale version (409) the form stays as it is and the user chooses between the other version
 * (Reload) and theirs (Keep my version saves over it).
 */
import { useCallback, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ArticleType } from '../../../../shared/constants';
import { ARTICLE_SLUG_TAKEN } from '../../../../shared/slug';
import type { WorkflowAction } from '../../../../shared/workflow';
import { ApiError, api } from '../../api/client';
import { isStaleVersion } from '../../common/errors';
import { notifySuccess } from '../../common/notify';
import { type ArticleDetail, type ArticleInput, createArticle, revalidateArticles, saveArticle } from '../api';
import { SENT_FOR_REVIEW, scheduledMessage } from '../form/publish-intent';
import { CHANGES_SAVED_MESSAGE } from '../form/saved-message';
import { type LockChannel, lockCreatedArticle } from './edit-lock';
import type { EditorEvent, LockRetry } from './editor-machine';
import type { EditorMachine } from './use-editor-machine';

export interface SaveCommandOptions<TForm extends FieldValues, TValues> {
  machine: EditorMachine<TForm>;
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, TValues>;
  type: ArticleType;
  toInput: (values: TValues) => ArticleInput;
  /** Sends every rich-text field's latest content to the form. */
  flushAll: () => Promise<void>;
  uploading: boolean;
  message: (type: ArticleType, status: ArticleStatusOf) => string;
}

type ArticleStatusOf = ArticleDetail['status'];

/**
 * The popup for a save that scheduled the story or sent it for review, which the per-type texts of CONTRACT.md §8
 * do not tell apart from a plain save; undefined for any other save.
 */
function savedPopup(saved: ArticleDetail, action: WorkflowAction): string | undefined {
  if (saved.status === 'Scheduled' && saved.publishDate) return scheduledMessage(saved.publishDate);
  // Only a contributor's Publish (or media Save) leads to Need Review; re-sending one still in review says the same.
  if (saved.status === 'Need Review' && (action === 'publish' || action === 'save')) return SENT_FOR_REVIEW;
  return undefined;
}

/**
 * A save, discard or restore refused with 409 for want of the lock: true when it was (someone else holds it now,
 * and the lock banner says who; or Take over and save is offered); false for any other failure.
 */
export async function lockRefused(
  error: unknown,
  lock: LockChannel,
  send: (event: EditorEvent) => void,
  retry: LockRetry,
): Promise<boolean> {
  if (!(error instanceof ApiError) || error.status !== 409 || isStaleVersion(error)) return false;
  const now = await lock.request(false);
  if (!now || now.mine) send({ type: 'save-lock-refused', message: error.message, retry });
  return true;
}

/** A workflow action through the questions and the save; `confirmed` skips the questions, `base` is the article saved over. */
export type RunCommand = (
  action: WorkflowAction,
  options?: { confirmed?: boolean; base?: ArticleDetail },
) => Promise<void>;

/** `base`: the article the save goes over (the version it sends); undefined to create one. */
export type SaveCommand = (
  action: WorkflowAction,
  marker: WorkflowAction | 'preview',
  base: ArticleDetail | undefined,
) => Promise<ArticleDetail | undefined>;

export function useSaveCommand<TForm extends FieldValues, TValues>(
  options: SaveCommandOptions<TForm, TValues>,
): SaveCommand {
  const { machine, form, type, toInput, flushAll, uploading, message } = options;
  const { send, lock, lockedId, load } = machine;
  // A save under way, checked and set in the same tick as the click: a double click, or Ctrl+S during a save,
  // must not send a second one before the machine's state has re-rendered. Not wiring: the only mutex here.
  const inFlight = useRef(false);

  /** What a refused save means: the lock, a stale version, a taken URL, or a failure shown above the form. */
  const refused = useCallback(
    async (error: unknown, action: WorkflowAction, before: ArticleDetail | undefined) => {
      if (before && (await lockRefused(error, lock, send, { kind: 'save', action }))) return;
      if (before && isStaleVersion(error)) {
        try {
          const theirs = await api('GET /cms/detail/{id}', { params: { id: before._id } });
          return send({ type: 'save-conflict', conflict: { theirs, action } });
        } catch {
          // Could not see what changed: the plain message with its Reload button still applies.
        }
      }
      // A taken URL: said on the slug field as well, where it is changed.
      if (error instanceof ApiError && error.message === ARTICLE_SLUG_TAKEN) {
        form.setError('slug' as Path<TForm>, { message: error.message });
      }
      send({ type: 'save-failed', error });
    },
    [form, lock, send],
  );

  const save = useCallback(
    async (action: WorkflowAction, values: TValues, before: ArticleDetail | undefined) => {
      send({ type: 'save-sent' });
      try {
        // A save right after opening needs the lock asked for then; one on the create screen, the new article's.
        if (before) await (lockedId ? lock.settled() : lockCreatedArticle(before._id));
        const fields = toInput(values);
        const saved = before ? await saveArticle(before, action, fields) : await createArticle(type, action, fields);
        load(saved, { resetForm: false });
        notifySuccess(
          saved.draft && action !== 'publish'
            ? CHANGES_SAVED_MESSAGE
            : (savedPopup(saved, action) ?? message(saved.type, saved.status)),
        );
        void revalidateArticles(saved._id);
        return saved;
      } catch (error) {
        await refused(error, action, before);
        return undefined;
      }
    },
    [send, lockedId, lock, toInput, type, load, message, refused],
  );

  return useCallback<SaveCommand>(
    async (action, marker, base) => {
      if (inFlight.current) return undefined;
      if (uploading) {
        send({
          type: 'save-failed',
          error: new ApiError(0, 'A file is still uploading; save again once it has finished'),
        });
        return undefined;
      }
      inFlight.current = true;
      send({ type: 'save-started', pending: marker });
      let saved: ArticleDetail | undefined;
      try {
        await flushAll();
        await form.handleSubmit(async (values) => {
          saved = await save(action, values, base);
        })();
      } finally {
        inFlight.current = false;
        send({ type: 'save-finished' });
      }
      return saved;
    },
    [uploading, send, flushAll, form, save],
  );
}
