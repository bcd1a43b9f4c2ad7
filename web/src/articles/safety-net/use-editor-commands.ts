/**
 * What the screens may ask of the editor, each a step that sends events to the machine: the workflow actions and
 * Preview (through the save), Cancel, and the safety net's ways on (Take over, Reload, Keep my version, Discard
 * changes, a revision or a kept copy restored).
 */
import { useCallback } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { ArticleType } from '../../../../shared/constants';
import type { EditorKind, WorkflowAction, WorkflowRole } from '../../../../shared/workflow';
import { type ArticleDetail, requestPreviewLink } from '../api';
import { editPathFor, previewPathFor } from '../form/paths';
import { confirmPublish } from '../form/publish-confirm';
import { publishIntent } from '../form/publish-intent';
import { savesDraft } from './edited-article';
import { askDiscardEdits, askRetract } from './editor-questions';
import type { EditorMachine } from './use-editor-machine';
import { type SafetyCommands, useSafetyCommands } from './use-safety-commands';
import type { RunCommand, SaveCommand } from './use-save-command';

export interface EditorCommands extends SafetyCommands {
  /** Validates and saves with a workflow action; `confirmed` skips the questions (Keep my version, Take over and save). */
  run: RunCommand;
  /**
   * Saves as Draft (a live article's draft), then opens the site's own preview (a signed link, when the site sets a
   * preview link) or /preview/{id} in a new window.
   */
  preview: () => Promise<void>;
  /** Back to the list, asking first when there are unsaved changes. */
  cancel: () => void;
}

export interface EditorCommandOptions<TForm extends FieldValues> {
  machine: EditorMachine<TForm>;
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, any>;
  submit: SaveCommand;
  type: ArticleType;
  who: WorkflowRole;
  kind: EditorKind;
  listPath: string;
  leaveAfter: readonly WorkflowAction[];
  flushTyped: () => Promise<void>;
}

export function useEditorCommands<TForm extends FieldValues>(options: EditorCommandOptions<TForm>): EditorCommands {
  const { machine, form, submit, type, who, kind, listPath, leaveAfter, flushTyped } = options;
  const { state } = machine;
  const navigate = useNavigate();
  const dateField = 'publishDate' as Path<TForm>;
  // Read while rendering: react-hook-form only tracks the dirty state for those who subscribe this way.
  const dirty = form.formState.isDirty;

  const afterSave = useCallback(
    (saved: ArticleDetail, action: WorkflowAction, created: boolean) => {
      if (leaveAfter.includes(action)) navigate(listPath);
      else if (created) navigate(editPathFor(saved.type, saved._id), { replace: true });
    },
    [leaveAfter, listPath, navigate],
  );

  const run = useCallback<RunCommand>(
    async (action, { confirmed = false, base = state.article } = {}) => {
      if (action === 'retract' && !confirmed && !(await askRetract(base))) return;
      if (state.save.kind === 'saving') return;
      // Say what the button does before it does it: a date to come schedules, a passed date is kept or made now,
      // a media Save publishes.
      const chosen = form.getValues(dateField) as string | null | undefined;
      const from = base?.status ?? 'new';
      const storedDate = base?.publishDate ?? null;
      const intent = publishIntent({ from, action, who, kind, publishDate: chosen, storedDate, now: new Date() });
      const noun = type.toLowerCase();
      const choice = confirmed ? 'go' : await confirmPublish({ intent, action, noun, publishDate: chosen });
      if (choice === 'cancel') return;
      // Dated now: no date is sent and the API stamps the moment it goes live.
      if (choice === 'now') form.setValue(dateField, null as PathValue<TForm, Path<TForm>>, { shouldDirty: true });
      const saved = await submit(action, action, base);
      if (saved) afterSave(saved, action, base === undefined);
    },
    [state.article, state.save.kind, form, dateField, who, kind, type, submit, afterSave],
  );

  const preview = useCallback(async () => {
    // Opened now, while the click still counts as the user's: a window opened after the save would be blocked.
    const win = window.open('about:blank', '_blank');
    const base = state.article;
    // A live article's Save keeps it live and stores a draft, which the preview shows; any other saves as Draft.
    const action: WorkflowAction = savesDraft(base) ? 'save' : 'draft';
    const saved = await submit(action, 'preview', base);
    if (!saved) {
      win?.close();
      return;
    }
    // The site's own preview when it has one; the admin's when it has none, or the link could not be had (the
    // admin's needs no other site to be up).
    const link = await requestPreviewLink(saved._id).catch(() => null);
    const external = link?.url ?? null;
    if (win) {
      // Another site's page must not reach back into the admin through window.opener.
      if (external) win.opener = null;
      win.location.href = external ?? previewPathFor(saved._id);
    } else window.open(external ?? previewPathFor(saved._id), '_blank', 'noopener');
    afterSave(saved, action, base === undefined);
  }, [state.article, submit, afterSave]);

  const cancel = useCallback(() => {
    void (async () => {
      // The last keystrokes in a rich-text field count as changes too.
      await flushTyped();
      if (!dirty && !form.formState.isDirty) return navigate(listPath);
      if (!(await askDiscardEdits())) return;
      machine.autosave.discard();
      navigate(listPath);
    })();
  }, [flushTyped, dirty, form, navigate, listPath, machine.autosave]);

  const safety = useSafetyCommands({ machine, form, run });
  return { run, preview, cancel, ...safety };
}
