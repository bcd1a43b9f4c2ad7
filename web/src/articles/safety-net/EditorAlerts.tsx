/**
 * What an editor shows above its form, read from the machine's state: the editing strip (status, words, save
 * state, revisions), the lock, restore and returned banners, and the last save's failure or conflict.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormError } from '../../common/FormError';
import type { ArticleFieldValues } from '../api';
import { ConflictNotice } from './ConflictNotice';
import { LockBanner, LockProblem, RestoreBanner, ReturnedBanner } from './EditingBanners';
import { EditingHeader } from './EditingHeader';
import { hasPendingChanges } from './edited-article';
import { type EditorState, isReadOnly, outcomeOf, pendingOf } from './editor-machine';
import { articleStats } from './text-stats';
import type { EditorCommands } from './use-editor-commands';

export interface EditorAlertsProps<TForm extends FieldValues> {
  state: EditorState;
  commands: EditorCommands;
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, any>;
  toFields: (values: TForm) => Partial<ArticleFieldValues>;
}

/** The word count and reading time, recounted a moment after typing stops (only this strip re-renders). */
function useTextStats<TForm extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<TForm, any, any>,
  toFields: (values: TForm) => Partial<ArticleFieldValues>,
) {
  const [stats, setStats] = useState(() => articleStats(toFields(form.getValues())));
  useEffect(() => {
    let timer: number | undefined;
    const subscription = form.watch(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setStats(articleStats(toFields(form.getValues()))), 250);
    });
    return () => {
      window.clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [form, toFields]);
  return stats;
}

export function EditorAlerts<TForm extends FieldValues>({ state, commands, form, toFields }: EditorAlertsProps<TForm>) {
  const { article, draft, offer } = state;
  const readOnly = isReadOnly(state);
  const stats = useTextStats(form, toFields);
  const names = useMemo(
    () => ({
      user: (id: string) => (id === article?.user ? article.authorName : undefined),
      file: (id: string) => article?.media?.[id]?.name,
    }),
    [article?.user, article?.authorName, article?.media],
  );
  const current = useCallback(() => toFields(form.getValues()), [form, toFields]);
  const revisions = article && {
    articleId: article._id,
    current,
    names,
    canRestore: !readOnly,
    onRestore: commands.restoreRevision,
  };
  const outcome = outcomeOf(state);
  return (
    <>
      <EditingHeader
        status={article?.status ?? 'new'}
        pendingChanges={hasPendingChanges(article)}
        stats={stats}
        readOnly={readOnly}
        save={{ state: draft.status, dirty: draft.dirty, isNew: !article, sentAt: draft.sentAt }}
        revisions={revisions}
      />
      {article?.returned && <ReturnedBanner returned={article.returned} />}
      <LockBanner state={state.lock} onTakeOver={commands.takeOver} />
      {outcome.kind === 'lock-refused' && (
        <LockProblem message={outcome.message} onTakeOverAndSave={commands.takeOverAndSave} />
      )}
      {offer && !readOnly && (
        <RestoreBanner
          offer={offer}
          version={article?.version}
          onRestore={commands.restoreCopy}
          onDiscard={commands.dropCopy}
        />
      )}
      {outcome.kind === 'conflict' ? (
        <ConflictNotice
          conflict={outcome.conflict}
          busy={pendingOf(state) !== null}
          onReload={commands.reloadTheirs}
          onKeepMine={() => void commands.keepMine()}
        />
      ) : (
        <FormError
          error={outcome.kind === 'failed' ? outcome.error : null}
          onReload={article ? commands.reloadAfterFailure : undefined}
        />
      )}
    </>
  );
}
