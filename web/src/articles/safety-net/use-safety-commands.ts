/**
 * The safety net's ways on, each sending events to the machine: Take over (and save), Reload their version or
 * Keep mine after a conflict, Discard changes of a live article's draft, a revision restored, and the restore
 * offer's Restore and Discard.
 */
import { useCallback } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { api } from '../../api/client';
import { notifySuccess } from '../../common/notify';
import { type ArticleDetail, discardChanges, type RevisionSummary, restoreRevision } from '../api';
import { askDiscardChanges } from './editor-questions';
import type { EditorMachine } from './use-editor-machine';
import { lockRefused, type RunCommand } from './use-save-command';

export interface SafetyCommands {
  takeOver: () => Promise<void>;
  takeOverAndSave: () => Promise<void>;
  reloadTheirs: () => void;
  keepMine: () => Promise<void>;
  /** FormError's Reload for a stale save whose newer version could not be fetched at the time. */
  reloadAfterFailure: () => Promise<void>;
  /** Discard changes of a live article with a draft, after a question. */
  discardChanges: () => void;
  restoreRevision: (revision: RevisionSummary) => Promise<boolean>;
  /** The restore offer's Restore and Discard. */
  restoreCopy: () => void;
  dropCopy: () => void;
}

export interface SafetyCommandOptions<TForm extends FieldValues> {
  machine: EditorMachine<TForm>;
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, any>;
  run: RunCommand;
}

export function useSafetyCommands<TForm extends FieldValues>(options: SafetyCommandOptions<TForm>): SafetyCommands {
  const { machine, form, run } = options;
  const { state, send, lock, load, autosave } = machine;
  const conflict = state.save.kind === 'conflict' ? state.save.conflict : undefined;

  const discardNow = useCallback(
    async (current: ArticleDetail): Promise<void> => {
      try {
        load(await discardChanges(current));
        notifySuccess('The unpublished changes were discarded');
      } catch (error) {
        if (!(await lockRefused(error, lock, send, { kind: 'discard' }))) send({ type: 'save-failed', error });
      }
    },
    [load, lock, send],
  );

  const restoreNow = useCallback(
    async (current: ArticleDetail, revision: number): Promise<boolean> => {
      try {
        load(await restoreRevision(current, revision));
        notifySuccess(`Revision ${revision} restored`);
        return true;
      } catch (error) {
        const refused = await lockRefused(error, lock, send, { kind: 'restore', revision });
        if (!refused) send({ type: 'save-failed', error });
        return false;
      }
    },
    [load, lock, send],
  );

  const takeOverAndSave = useCallback(async () => {
    if (state.save.kind !== 'lock-refused') return;
    const { retry } = state.save;
    const taken = await machine.takeOver();
    const current = taken?.article;
    if (!current) return;
    if (retry.kind === 'save') await run(retry.action, { confirmed: true, base: current });
    else if (retry.kind === 'discard') await discardNow(current);
    else await restoreNow(current, retry.revision);
  }, [state.save, machine.takeOver, run, discardNow, restoreNow]);

  return {
    takeOver: useCallback(async () => void (await machine.takeOver()), [machine.takeOver]),
    takeOverAndSave,
    reloadTheirs: useCallback(() => conflict && load(conflict.theirs), [conflict, load]),
    keepMine: useCallback(async () => {
      if (!conflict || !state.article) return;
      // Save over their version: the next PATCH carries the version just read.
      send({ type: 'conflict-kept', version: conflict.theirs.version });
      await run(conflict.action, { confirmed: true, base: { ...state.article, version: conflict.theirs.version } });
    }, [conflict, state.article, send, run]),
    reloadAfterFailure: useCallback(async () => {
      const id = state.article?._id;
      if (id) load(await api('GET /cms/detail/{id}', { params: { id } }));
    }, [state.article?._id, load]),
    discardChanges: useCallback(() => {
      const current = state.article;
      if (!current) return;
      void askDiscardChanges(current).then((yes) => {
        if (yes) void discardNow(current);
      });
    }, [state.article, discardNow]),
    restoreRevision: useCallback(
      (revision: RevisionSummary) =>
        state.article ? restoreNow(state.article, revision.number) : Promise.resolve(false),
      [state.article, restoreNow],
    ),
    restoreCopy: useCallback(() => {
      if (!state.offer) return;
      form.reset(state.offer.values as TForm, { keepDefaultValues: true });
      autosave.noteChange();
      send({ type: 'offer-closed' });
    }, [state.offer, form, autosave, send]),
    dropCopy: useCallback(() => {
      autosave.discard();
      send({ type: 'offer-closed' });
    }, [autosave, send]),
  };
}
