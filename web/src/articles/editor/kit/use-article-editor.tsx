import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import type { ArticleStatus, ArticleType } from '../../../../../shared/constants';
import { ARTICLE_SLUG_TAKEN } from '../../../../../shared/slug';
import { editorKindOf, type WorkflowAction, workflowRoleOf } from '../../../../../shared/workflow';
import { ApiError, api } from '../../../api/client';
import { isStaleVersion } from '../../../common/errors';
import { FormError } from '../../../common/FormError';
import { notifySuccess } from '../../../common/notify';
import { useSession } from '../../../session/session-context';
import {
  type ArticleDetail,
  type ArticleFieldValues,
  type ArticleInput,
  articleKey,
  createArticle,
  revalidateArticles,
  saveArticle,
} from '../../api';
import { editedArticle, hasPendingChanges, liveSaveLabels, savesDraft } from '../../editing/edited-article';
import { type EditingCycle, useEditing } from '../../editing/use-editing';
import { type Conflict, ConflictNotice } from './ConflictNotice';
import { type EditorFlush, useEditorFlush } from './editor-flush';
import { ARTICLE_LIST_PATH, editPathFor, previewPathFor } from './paths';
import { confirmPublish } from './publish-confirm';
import { publishIntent, SENT_FOR_REVIEW, scheduledMessage } from './publish-intent';
import { CHANGES_SAVED_MESSAGE, savedMessage } from './saved-message';
import type { WorkflowBarProps } from './WorkflowBar';

export interface UseArticleEditorOptions<TForm extends FieldValues, TValues> {
  /** The type being edited (Article and Blog share an editor and may switch). */
  type: ArticleType;
  /** The loaded article; undefined when creating. */
  article?: ArticleDetail;
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, TValues>;
  /** The validated form values as the API's fields. */
  toInput: (values: TValues) => ArticleInput;
  /** A stored article as form values (Reload after a conflict). */
  toForm: (article: ArticleDetail) => TForm;
  /** The form's values as the API's fields, unvalidated (autosave, word count, diff); `toInput` by default. */
  toFields?: (values: TForm) => ArticleInput;
  /** What Ctrl/Cmd+S does for the status now: the editor's Save button (`save` by default). */
  saveAction?: (status: ArticleStatus | 'new') => WorkflowAction;
  /** Where Cancel and the leaving actions go. */
  listPath?: string;
  /** Actions after which the editor returns to the list; after the others it stays (a new article opens in its edit route). */
  leaveAfter?: readonly WorkflowAction[];
  /** A file is still uploading: saving waits for it (the article may only reference finished uploads). */
  uploading?: boolean;
  /** The popup text; CONTRACT.md §8's per type by default. */
  message?: (type: ArticleType, status: ArticleStatus) => string;
}

export type { Conflict };

export interface ArticleEditor {
  /** The article as last loaded or saved (its version is the one the next save sends). */
  article: ArticleDetail | undefined;
  status: ArticleStatus | 'new';
  busy: boolean;
  pending: WorkflowAction | 'preview' | null;
  /** Validates and saves with a workflow action (Save, Publish, Retract, …). */
  run: (action: WorkflowAction) => Promise<void>;
  /** Saves as Draft, then opens /preview/{id} in a new window. */
  preview: () => Promise<void>;
  /** Back to the list, asking first when there are unsaved changes. */
  cancel: () => void;
  failure: unknown;
  conflict: Conflict | null;
  /** Wrap the form in it, so the rich-text fields hand over their last keystrokes before a save. */
  Scope: EditorFlush['Scope'];
  /**
   * Put above the form: the editing strip (status, words, save state, revisions), the lock and restore banners,
   * and the failure (400, 403, offline) or the conflict with its two choices.
   */
  alerts: ReactNode;
  /** Someone else holds the edit lock (or took it over): every field off, no save buttons (wrap the fields in EditingFieldset). */
  readOnly: boolean;
  /** What the WorkflowBar takes from the save cycle: the status, the save on its way, the actions and Cancel. */
  bar: Pick<
    WorkflowBarProps,
    | 'status'
    | 'busy'
    | 'pending'
    | 'onAction'
    | 'onCancel'
    | 'readOnly'
    | 'pendingChanges'
    | 'labels'
    | 'extra'
    | 'publishDate'
    | 'storedDate'
  >;
}

const DEFAULT_LEAVE_AFTER: readonly WorkflowAction[] = ['publish', 'retract'];

/**
 * The popup for a save that scheduled the story or sent it for review, which the per-type texts of CONTRACT.md §8
 * do not tell apart from a plain save; undefined for any other save.
 */
function outcomeMessage(saved: ArticleDetail, action: WorkflowAction): string | undefined {
  if (saved.status === 'Scheduled' && saved.publishDate) return scheduledMessage(saved.publishDate);
  // Only a contributor's Publish (or media Save) leads to Need Review; re-sending one still in review says the same.
  if (saved.status === 'Need Review' && (action === 'publish' || action === 'save')) return SENT_FOR_REVIEW;
  return undefined;
}

/**
 * The save cycle every article editor shares: create (POST) or update (PATCH with the version read),
 * CONTRACT.md §8's popups, failures above the form, and conflicts. Nothing the user typed is ever thrown away by a
 * failed save: on a stale version (409) the form stays as it is and the user chooses between the other version
 * (Reload) and theirs (Keep my version saves over it).
 */
export function useArticleEditor<TForm extends FieldValues, TValues = TForm>(
  options: UseArticleEditorOptions<TForm, TValues>,
): ArticleEditor {
  const { type, form, toInput, toForm, listPath = ARTICLE_LIST_PATH, message = savedMessage } = options;
  const leaveAfter = options.leaveAfter ?? DEFAULT_LEAVE_AFTER;
  const navigate = useNavigate();
  const { Scope, flushAll } = useEditorFlush();
  const { user } = useSession();
  const who = workflowRoleOf(user);
  const kind = editorKindOf(type);
  const dateField = 'publishDate' as Path<TForm>;
  // Every editor but the page's has a publish date: the buttons say what it makes them do (Schedule …).
  const publishDate = useWatch({ control: form.control, name: dateField }) as string | null | undefined;

  const [article, setArticleState] = useState<ArticleDetail | undefined>(options.article);
  const current = useRef(options.article);
  const setArticle = useCallback((next: ArticleDetail) => {
    current.current = next;
    setArticleState(next);
    void mutate(articleKey(next._id), next, { revalidate: false });
  }, []);

  const [pending, setPending] = useState<WorkflowAction | 'preview' | null>(null);
  const busy = useRef(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const latest = useRef({ toInput, type, message, uploading: options.uploading ?? false, who, kind });
  latest.current = { toInput, type, message, uploading: options.uploading ?? false, who, kind };

  const cycle = useRef<EditingCycle | null>(null);
  // The API's input types (zod's input side) hold the same fields as its output: read them as the stored shape.
  const toFields = (values: TForm) =>
    (options.toFields ?? ((raw: TForm) => toInput(raw as unknown as TValues)))(values) as Partial<ArticleFieldValues>;
  const editing = useEditing<TForm>({
    form,
    article,
    type,
    toForm,
    toFields,
    flushTyped: () => flushAll({ typedOnly: true }),
    saveAction: options.saveAction?.(article?.status ?? 'new') ?? 'save',
    cycle,
  });
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const runConfirmedRef = useRef<(action: WorkflowAction) => Promise<void>>(async () => undefined);

  /** One save: validated values in, the saved article out; undefined when it failed (shown above the form). */
  const save = useCallback(
    async (action: WorkflowAction, values: TValues): Promise<ArticleDetail | undefined> => {
      setFailure(null);
      setConflict(null);
      const before = current.current;
      try {
        if (before) await editingRef.current.beforeSave();
        const fields = latest.current.toInput(values);
        const saved = before
          ? await saveArticle(before, action, fields)
          : await createArticle(latest.current.type, action, fields);
        setArticle(saved);
        // What was just saved is the new baseline for "unsaved changes".
        form.reset(form.getValues());
        editingRef.current.saved();
        // A live article's Save keeps it live: say so rather than "Published".
        notifySuccess(
          saved.draft && action !== 'publish'
            ? CHANGES_SAVED_MESSAGE
            : (outcomeMessage(saved, action) ?? latest.current.message(saved.type, saved.status)),
        );
        void revalidateArticles(saved._id);
        return saved;
      } catch (error) {
        // Refused for want of the edit lock: the editing banners say why and offer Take over and save.
        if (before && (await editingRef.current.refused(error, () => runConfirmedRef.current(action)))) {
          return undefined;
        }
        if (before && isStaleVersion(error)) {
          try {
            const theirs = await api('GET /cms/detail/{id}', { params: { id: before._id } });
            setConflict({ theirs, action });
            return undefined;
          } catch {
            // Could not see what changed: the plain message with its Reload button still applies.
          }
        }
        // A taken URL: said on the slug field as well, where it is changed.
        if (error instanceof ApiError && error.message === ARTICLE_SLUG_TAKEN) {
          form.setError('slug' as Path<TForm>, { message: error.message });
        }
        setFailure(error);
        return undefined;
      }
    },
    [form, setArticle],
  );

  /** Flush the editors, validate, save; `then` runs with the saved article. */
  const submit = useCallback(
    async (action: WorkflowAction, marker: WorkflowAction | 'preview'): Promise<ArticleDetail | undefined> => {
      if (busy.current) return undefined;
      if (latest.current.uploading) {
        setFailure(new ApiError(0, 'A file is still uploading; save again once it has finished'));
        return undefined;
      }
      busy.current = true;
      setPending(marker);
      let saved: ArticleDetail | undefined;
      try {
        await flushAll();
        await form.handleSubmit(async (values) => {
          saved = await save(action, values);
        })();
      } finally {
        busy.current = false;
        setPending(null);
      }
      return saved;
    },
    [flushAll, form, save],
  );

  const afterSave = useCallback(
    (saved: ArticleDetail, action: WorkflowAction, created: boolean) => {
      if (leaveAfter.includes(action)) navigate(listPath);
      else if (created) navigate(editPathFor(saved.type, saved._id), { replace: true });
    },
    [leaveAfter, listPath, navigate],
  );

  /** Set for a save the person has already confirmed (Keep my version, Take over and save): no second question. */
  const confirmed = useRef(false);
  const run = useCallback(
    async (action: WorkflowAction) => {
      const ask = !confirmed.current;
      confirmed.current = false;
      if (action === 'retract' && ask && !(await editingRef.current.confirmRetract())) return;
      if (busy.current) return;
      // Say what the button does before it does it: a date to come schedules, a passed date is kept or made now,
      // a media Save publishes.
      const stored = current.current;
      const chosen = form.getValues(dateField) as string | null | undefined;
      const intent = publishIntent({
        from: stored?.status ?? 'new',
        action,
        who: latest.current.who,
        kind: latest.current.kind,
        publishDate: chosen,
        storedDate: stored?.publishDate ?? null,
        now: new Date(),
      });
      const choice = !ask
        ? 'go'
        : await confirmPublish({
            intent,
            action,
            noun: latest.current.type.toLowerCase(),
            publishDate: chosen,
          });
      if (choice === 'cancel') return;
      // Dated now: no date is sent and the API stamps the moment it goes live.
      if (choice === 'now') form.setValue(dateField, null as PathValue<TForm, Path<TForm>>, { shouldDirty: true });
      const created = current.current === undefined;
      const saved = await submit(action, action);
      if (saved) afterSave(saved, action, created);
    },
    [submit, afterSave, form, dateField],
  );
  runConfirmedRef.current = (action) => {
    confirmed.current = true;
    return run(action);
  };

  /** Puts a stored article in the editor (Reload, a discard, a restore, a take-over): a live one's draft shows. */
  const load = useCallback(
    (stored: ArticleDetail) => {
      setArticle(stored);
      form.reset(toForm(editedArticle(stored)));
      setFailure(null);
      setConflict(null);
      editingRef.current.saved();
      void revalidateArticles(stored._id);
    },
    [form, toForm, setArticle],
  );
  cycle.current = { run, load, fail: setFailure, busy: () => busy.current };

  const preview = useCallback(async () => {
    // Opened now, while the click still counts as the user's: a window opened after the save would be blocked.
    const win = window.open('about:blank', '_blank');
    const created = current.current === undefined;
    // A live article's Save keeps it live and stores a draft, which the preview shows; any other saves as Draft.
    const action: WorkflowAction = savesDraft(current.current) ? 'save' : 'draft';
    const saved = await submit(action, 'preview');
    if (!saved) {
      win?.close();
      return;
    }
    if (win) win.location.href = previewPathFor(saved._id);
    else window.open(previewPathFor(saved._id), '_blank', 'noopener');
    afterSave(saved, action, created);
  }, [submit, afterSave]);

  const reloadTheirs = useCallback(() => {
    if (conflict) load(conflict.theirs);
  }, [conflict, load]);

  const keepMine = useCallback(async () => {
    if (!conflict || !current.current) return;
    // Save over their version: the next PATCH carries the version just read.
    current.current = { ...current.current, version: conflict.theirs.version };
    await runConfirmedRef.current(conflict.action);
  }, [conflict]);

  /** FormError's Reload for a stale save whose newer version could not be fetched at the time. */
  const reloadAfterFailure = useCallback(async () => {
    const id = current.current?._id;
    if (!id) return;
    load(await api('GET /cms/detail/{id}', { params: { id } }));
  }, [load]);

  // Read while rendering: react-hook-form only tracks the dirty state for those who subscribe this way.
  const dirty = useRef(false);
  dirty.current = form.formState.isDirty;

  const cancel = useCallback(() => {
    void (async () => {
      // The last keystrokes in a rich-text field count as changes too.
      await flushAll({ typedOnly: true });
      if (!dirty.current && !form.formState.isDirty) {
        navigate(listPath);
        return;
      }
      modals.openConfirmModal({
        title: 'Discard your changes?',
        children: <Text size="sm">What you changed since the last save will be lost.</Text>,
        labels: { confirm: 'Discard', cancel: 'Keep editing' },
        confirmProps: { color: 'red' },
        centered: true,
        onConfirm: () => {
          editingRef.current.dropCopies();
          navigate(listPath);
        },
      });
    })();
  }, [flushAll, form, listPath, navigate]);

  const alerts = (
    <>
      {editing.top}
      {conflict ? (
        <ConflictNotice
          conflict={conflict}
          busy={pending !== null}
          onReload={reloadTheirs}
          onKeepMine={() => void keepMine()}
        />
      ) : (
        <FormError error={failure} onReload={current.current ? reloadAfterFailure : undefined} />
      )}
    </>
  );

  const status = article?.status ?? 'new';
  const saving = pending !== null;
  const pendingChanges = hasPendingChanges(article);
  const extra = pendingChanges && !editing.readOnly ? editing.discardButton(saving) : null;
  return {
    article,
    status,
    busy: saving,
    pending,
    run,
    preview,
    cancel,
    failure,
    conflict,
    Scope,
    alerts,
    readOnly: editing.readOnly,
    bar: {
      status,
      busy: saving,
      pending,
      onAction: (action) => void run(action),
      onCancel: cancel,
      readOnly: editing.readOnly,
      pendingChanges,
      labels: liveSaveLabels(article),
      extra,
      publishDate: publishDate ?? null,
      storedDate: article?.publishDate ?? null,
    },
  };
}
