/**
 * Editing that never loses work and never collides, for every article editor: the edit lock, the
 * autosave and this browser's copy, the restore offer, the revisions, Discard changes, the Retract question, the
 * word count, Ctrl/Cmd+S and the question before leaving. useArticleEditor (the save cycle) uses it and hands it
 * the cycle's own steps through `cycle`.
 */
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ArticleType } from '../../../../shared/constants';
import {
  allowedActions,
  editorKindOf,
  mayChangeArticle,
  type WorkflowAction,
  workflowRoleOf,
} from '../../../../shared/workflow';
import { ApiError, api } from '../../api/client';
import { isStaleVersion } from '../../common/errors';
import { notifySuccess } from '../../common/notify';
import { useSession } from '../../session/session-context';
import {
  type ArticleDetail,
  type ArticleFieldValues,
  discardChanges,
  type RevisionSummary,
  readAutosave,
  readHomeLayout,
  restoreRevision,
} from '../api';
import { LockBanner, LockProblem, RestoreBanner, ReturnedBanner } from './EditingBanners';
import { EditingHeader } from './EditingHeader';
import { hasPendingChanges, lastSavedAt, withFields } from './edited-article';
import type { DiffSource } from './field-diff';
import { homeSlotsOf, retractText } from './home-slots';
import { type CopyOwner, readLocalCopy } from './local-copy';
import { type RestoreCandidate, restoreOffer } from './restore-offer';
import { articleStats } from './text-stats';
import { useAutosave } from './use-autosave';
import { lockCreatedArticle, useEditLock } from './use-edit-lock';
import { useLeaveGuard, useSaveShortcut } from './use-leave-guard';

/** What the save cycle lends the editing features. */
export interface EditingCycle {
  run: (action: WorkflowAction) => Promise<void>;
  /** Puts a stored article in the editor: its state, the form, and the baseline for unsaved changes. */
  load: (article: ArticleDetail) => void;
  /** Shows a failure above the form. */
  fail: (error: unknown) => void;
  busy: () => boolean;
}

export interface EditingOptions<TForm extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, any>;
  /** The article as last loaded or saved; undefined while creating. */
  article: ArticleDetail | undefined;
  type: ArticleType;
  toForm: (article: ArticleDetail) => TForm;
  /** The form's values as the API's fields, unvalidated (an autosave, a word count, a diff). */
  toFields: (values: TForm) => Partial<ArticleFieldValues>;
  /** Brings the rich-text fields' last keystrokes into the form. */
  flushTyped: () => Promise<void>;
  /** Ctrl/Cmd+S's action for the status now (the editor's Save button). */
  saveAction: WorkflowAction;
  cycle: RefObject<EditingCycle | null>;
}

export interface Editing {
  readOnly: boolean;
  /** The status strip and the banners (lock, restore, a refused save), above the form. */
  top: ReactNode;
  /** Before a save: waits for the edit lock asked for on opening (a save right after opening needs it). */
  beforeSave: () => Promise<void>;
  /** After a successful save: the form is the saved article, both copies are spent. */
  saved: () => void;
  /** A save, discard or restore refused for want of the lock (409): shown here; false for any other failure. */
  refused: (error: unknown, retry: () => Promise<void>) => Promise<boolean>;
  /** Asks before Retract, naming the home-page slots the article leaves. */
  confirmRetract: () => Promise<boolean>;
  /** Discard changes of a live article with a draft (asks first), as the action bar's button. */
  discardButton: (disabled: boolean) => ReactNode;
  /** Drops the autosave and this browser's copy (Cancel's Discard). */
  dropCopies: () => void;
}

export function useEditing<TForm extends FieldValues>(options: EditingOptions<TForm>): Editing {
  const { form, article, type, cycle } = options;
  const { user } = useSession();
  const latest = useRef(options);
  latest.current = options;
  const articleId = article?._id;

  // This browser's copy belongs to the user and the article (or, before it exists, to the type first opened).
  const [firstType] = useState(type);
  const owner = useMemo<CopyOwner | undefined>(
    () => (user?._id ? { userId: user._id, articleId, type: firstType } : undefined),
    [user?._id, articleId, firstType],
  );

  // The article opened, not one this editor has just created: the create screen moves to the edit screen, whose
  // editor takes the lock. Someone who may not change it as it is (a contributor on a live article) takes none.
  const role = workflowRoleOf(user);
  const [mayWrite] = useState(() => !article || mayChangeArticle(article.status, role, editorKindOf(type)));
  const [lockedId] = useState(mayWrite ? articleId : undefined);
  const lock = useEditLock(lockedId, {
    onLost: () => void autosaveRef.current?.flush({ force: true }),
    onTakenOver: () => void reloadAfterTakeOver(),
  });
  const readOnly = lock.readOnly;

  const autosave = useAutosave<TForm>({
    form,
    owner,
    article,
    enabled: Boolean(article) && mayWrite && !readOnly,
    toFields: (values) => latest.current.toFields(values),
    beforeFlush: () => latest.current.flushTyped(),
  });
  const autosaveRef = useRef(autosave);
  autosaveRef.current = autosave;

  // ---- The restore offer ----
  const [offer, setOffer] = useState<RestoreCandidate<TForm> | null>(null);
  const checkOffer = useCallback(async () => {
    if (!owner) return;
    const opened = latest.current.article;
    let server: { values: TForm; at: string; baseVersion: number } | null = null;
    if (opened) {
      try {
        const saved = await readAutosave(opened._id);
        if (saved) {
          const values = latest.current.toForm(withFields(opened, saved.fields));
          server = { values, at: saved.savedAt, baseVersion: saved.baseVersion };
        }
      } catch {
        // No autosave to offer from the server; this browser's copy still counts.
      }
    }
    const local = readLocalCopy<TForm>(owner);
    const at = opened && { version: opened.version, lastSavedAt: lastSavedAt(opened) };
    setOffer(restoreOffer({ server, local, article: at, current: form.getValues() }));
  }, [owner, form]);
  // Once, when the editor opens (a save later changes the article, not the offer).
  const offered = useRef(false);
  useEffect(() => {
    if (!owner || offered.current) return;
    offered.current = true;
    void checkOffer();
  }, [owner, checkOffer]);

  const restore = () => {
    if (!offer) return;
    form.reset(offer.values, { keepDefaultValues: true });
    autosave.noteChange();
    setOffer(null);
  };

  async function reloadAfterTakeOver() {
    const id = latest.current.article?._id;
    if (!id) return;
    try {
      // Whoever held it may have saved meanwhile: edit their latest.
      cycle.current?.load(await api('GET /cms/detail/{id}', { params: { id } }));
    } catch {
      // The loaded version stays; a stale save says so.
    }
    await checkOffer();
  }

  // ---- A save refused for want of the lock ----
  const [lockProblem, setLockProblem] = useState<{ message: string; retry: () => Promise<void> } | null>(null);
  const refused = useCallback(
    async (error: unknown, retry: () => Promise<void>) => {
      if (!(error instanceof ApiError) || error.status !== 409 || isStaleVersion(error)) return false;
      if (!latest.current.article) return false;
      const now = await lock.check();
      // Someone else holds it now: the lock banner says who, and the text went to the autosave.
      if (now && !now.mine) return true;
      setLockProblem({ message: error.message, retry });
      return true;
    },
    [lock.check],
  );
  const takeOverAndSave = async () => {
    const problem = lockProblem;
    if (!problem) return;
    const taken = await lock.takeOver();
    if (!taken?.mine) return;
    setLockProblem(null);
    await problem.retry();
  };

  const saved = useCallback(() => {
    setLockProblem(null);
    setOffer(null);
    autosave.markSaved();
  }, [autosave.markSaved]);

  // ---- Retract and Discard changes ----
  const confirmRetract = useCallback(async () => {
    const live = latest.current.article;
    if (!live) return true;
    const slots = await readHomeLayout()
      .then((layout) => homeSlotsOf(layout.body, live._id))
      .catch(() => undefined);
    return new Promise<boolean>((resolve) => {
      modals.openConfirmModal({
        title: `Retract "${live.title}"?`,
        children: <Text size="sm">{retractText(slots)}</Text>,
        labels: { confirm: 'Retract', cancel: 'Keep it live' },
        confirmProps: { color: 'red' },
        centered: true,
        onConfirm: () => resolve(true),
        onClose: () => resolve(false),
      });
    });
  }, []);

  const discardNow = useCallback(async (): Promise<void> => {
    const current = latest.current.article;
    if (!current) return;
    try {
      const result = await discardChanges(current);
      cycle.current?.load(result);
      notifySuccess('The unpublished changes were discarded');
    } catch (error) {
      if (!(await refused(error, discardNow))) cycle.current?.fail(error);
    }
  }, [cycle, refused]);

  const discard = useCallback(() => {
    const current = latest.current.article;
    if (!current) return;
    modals.openConfirmModal({
      title: 'Discard the unpublished changes?',
      children: (
        <Text size="sm">
          Readers keep seeing the published version of “{current.title}”. The changes saved since it was published are
          dropped from the editor; they stay in the revisions.
        </Text>
      ),
      labels: { confirm: 'Discard changes', cancel: 'Keep them' },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => void discardNow(),
    });
  }, [discardNow]);

  const restoreRevisionNow = useCallback(
    async (revision: RevisionSummary): Promise<boolean> => {
      const current = latest.current.article;
      if (!current) return false;
      try {
        cycle.current?.load(await restoreRevision(current, revision.number));
        notifySuccess(`Revision ${revision.number} restored`);
        return true;
      } catch (error) {
        const retry = async () => void (await restoreRevisionNow(revision));
        if (!(await refused(error, retry))) cycle.current?.fail(error);
        return false;
      }
    },
    [cycle, refused],
  );

  // ---- Comforts: the word count, Ctrl/Cmd+S, the question before leaving ----
  const [stats, setStats] = useState(() => articleStats(latest.current.toFields(form.getValues())));
  useEffect(() => {
    let timer: number | undefined;
    const subscription = form.watch(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setStats(articleStats(latest.current.toFields(form.getValues()))), 250);
    });
    return () => {
      window.clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [form]);

  useSaveShortcut(() => {
    const { saveAction, article: current } = latest.current;
    if (readOnly || cycle.current?.busy()) return;
    const allowed = allowedActions(current?.status ?? 'new', role, editorKindOf(latest.current.type));
    if (allowed.includes(saveAction)) void cycle.current?.run(saveAction);
  });
  useLeaveGuard(() => !readOnly && autosaveRef.current.hasChanges());

  const currentFields = useCallback((): DiffSource => latest.current.toFields(form.getValues()), [form]);
  const names = useMemo(
    () => ({
      user: (id: string) => (id === article?.user ? article.authorName : undefined),
      file: (id: string) => article?.media?.[id]?.name,
    }),
    [article?.user, article?.authorName, article?.media],
  );

  const top = (
    <>
      <EditingHeader
        status={article?.status ?? 'new'}
        pendingChanges={hasPendingChanges(article)}
        stats={stats}
        readOnly={readOnly}
        save={{ state: autosave.state, dirty: autosave.dirty, isNew: !article, sentAt: autosave.sentAt }}
        revisions={
          article
            ? {
                articleId: article._id,
                current: currentFields,
                names,
                canRestore: !readOnly,
                onRestore: restoreRevisionNow,
              }
            : undefined
        }
      />
      {article?.returned && <ReturnedBanner returned={article.returned} />}
      <LockBanner state={lock.state} onTakeOver={lock.takeOver} />
      {lockProblem && <LockProblem message={lockProblem.message} onTakeOverAndSave={takeOverAndSave} />}
      {offer && !readOnly && (
        <RestoreBanner
          offer={offer}
          version={article?.version}
          onRestore={restore}
          onDiscard={() => {
            autosave.discard();
            setOffer(null);
          }}
        />
      )}
    </>
  );

  const discardButton = (disabled: boolean) => (
    <Button variant="subtle" color="red" size="sm" onClick={discard} disabled={disabled}>
      Discard changes
    </Button>
  );

  return {
    readOnly,
    top,
    beforeSave: useCallback(
      () => (lockedId || !articleId ? lock.settled() : lockCreatedArticle(articleId)),
      [lockedId, articleId, lock.settled],
    ),
    saved,
    refused,
    confirmRetract,
    discardButton,
    dropCopies: autosave.discard,
  };
}
