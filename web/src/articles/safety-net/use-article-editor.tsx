/**
 * The article editor every screen (Article/Blog, Video, Gallery, Page) uses: the machine's state (editor-machine.ts)
 * and the commands that move it, with what the screens put around their form (the alerts, the action bar's props,
 * the scope that hands over the rich-text fields' last keystrokes).
 */

import { Button } from '@mantine/core';
import { type ReactNode, useCallback } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import type { ArticleStatus, ArticleType } from '../../../../shared/constants';
import { allowedActions, editorKindOf, type WorkflowAction, workflowRoleOf } from '../../../../shared/workflow';
import { type EditorFlush, useEditorFlush } from '../../common/form-flush';
import { useSession } from '../../session/session-context';
import type { ArticleDetail, ArticleFieldValues, ArticleInput } from '../api';
import { ARTICLE_LIST_PATH } from '../form/paths';
import { savedMessage } from '../form/saved-message';
import type { WorkflowBarProps } from '../form/WorkflowBar';
import { EditorAlerts } from './EditorAlerts';
import { hasPendingChanges, liveSaveLabels } from './edited-article';
import { type EditorMode, type EditorState, isReadOnly, modeOf, pendingOf } from './editor-machine';
import { type EditorCommands, useEditorCommands } from './use-editor-commands';
import { useEditorMachine } from './use-editor-machine';
import { useLeaveGuard, useSaveShortcut } from './use-leave-guard';
import { useSaveCommand } from './use-save-command';

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

export interface ArticleEditor {
  state: EditorState;
  /** The one state the editor is in: loading, read-only, lock-lost, conflict, saving, offline, editing, saved. */
  mode: EditorMode;
  commands: EditorCommands;
  /** The article as last loaded or saved (its version is the one the next save sends). */
  article: ArticleDetail | undefined;
  status: ArticleStatus | 'new';
  busy: boolean;
  /** Someone else holds the edit lock (or took it over): every field off, no save buttons. */
  readOnly: boolean;
  /** Wrap the form in it, so the rich-text fields hand over their last keystrokes before a save. */
  Scope: EditorFlush['Scope'];
  /** Put above the form: the editing strip, the lock and restore banners, the failure or the conflict. */
  alerts: ReactNode;
  /** What the WorkflowBar takes from the editor: the status, the save on its way, the actions and Cancel. */
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

export function useArticleEditor<TForm extends FieldValues, TValues = TForm>(
  options: UseArticleEditorOptions<TForm, TValues>,
): ArticleEditor {
  const { type, form, toInput, toForm, listPath = ARTICLE_LIST_PATH, message = savedMessage } = options;
  const { Scope, flushAll } = useEditorFlush();
  const flushTyped = useCallback(() => flushAll({ typedOnly: true }), [flushAll]);
  const { user } = useSession();
  const who = workflowRoleOf(user);
  const kind = editorKindOf(type);
  // The API's input types (zod's input side) hold the same fields as its output: read them as the stored shape.
  const toFieldsOption = options.toFields;
  const toFields = useCallback(
    (values: TForm) =>
      (toFieldsOption ?? ((raw: TForm) => toInput(raw as unknown as TValues)))(values) as Partial<ArticleFieldValues>,
    [toFieldsOption, toInput],
  );
  const machine = useEditorMachine<TForm>({ form, article: options.article, type, toForm, toFields, flushTyped });
  const { state } = machine;
  const uploading = options.uploading ?? false;
  const submit = useSaveCommand({ machine, form, type, toInput, flushAll, uploading, message });
  const leaveAfter = options.leaveAfter ?? DEFAULT_LEAVE_AFTER;
  const commands = useEditorCommands({ machine, form, submit, type, who, kind, listPath, leaveAfter, flushTyped });

  const { article } = state;
  const status = article?.status ?? 'new';
  const readOnly = isReadOnly(state);
  const pending = pendingOf(state);
  const busy = pending !== null;
  useSaveShortcut(() => {
    const action = options.saveAction?.(status) ?? 'save';
    if (readOnly || busy || !allowedActions(status, who, kind).includes(action)) return;
    void commands.run(action);
  });
  useLeaveGuard(() => !readOnly && machine.autosave.hasChanges());

  // Every editor but the page's has a publish date: the buttons say what it makes them do (Schedule …).
  const publishDate = useWatch({ control: form.control, name: 'publishDate' as Path<TForm> }) as
    | string
    | null
    | undefined;
  const pendingChanges = hasPendingChanges(article);
  const discard = (
    <Button variant="subtle" color="red" size="sm" onClick={commands.discardChanges} disabled={busy}>
      Discard changes
    </Button>
  );
  return {
    state,
    mode: modeOf(state),
    commands,
    article,
    status,
    busy,
    readOnly,
    Scope,
    alerts: <EditorAlerts state={state} commands={commands} form={form} toFields={toFields} />,
    bar: {
      status,
      busy,
      pending,
      onAction: (action) => void commands.run(action),
      onCancel: commands.cancel,
      readOnly,
      pendingChanges,
      labels: liveSaveLabels(article),
      extra: pendingChanges && !readOnly ? discard : null,
      publishDate: publishDate ?? null,
      storedDate: article?.publishDate ?? null,
    },
  };
}
