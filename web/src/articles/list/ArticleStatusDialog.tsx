import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { ACTION_LABELS } from '../../../../shared/workflow';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useConfirmTarget } from '../../common/list/use-confirm-target';
import { NoteField, noteBlock } from '../../common/NoteField';
import { notifyRowActionFailed, notifySuccess } from '../../common/notify';
import { type ArticleRow, changeArticleStatus } from '../api';
import {
  ACTION_FAILURE,
  ACTION_SUCCESS,
  CONFIRM_TITLES,
  confirmText,
  type ListAction,
  REVIEW_NOTE,
} from './article-row';
import { revalidateArticleList } from './list-api';

interface PendingAction {
  row: ArticleRow;
  action: ListAction;
}

/**
 * A row's Publish, Approve or Reject, asked first: `ask` opens the dialog (Reject's note emptied each time), `dialog`
 * is what ArticleStatusDialog shows.
 */
export function useArticleStatusAction() {
  const confirm = useConfirmTarget<PendingAction>();
  // Reject's note to the author, emptied each time a dialog opens.
  const [note, setNote] = useState('');
  const ask = (row: ArticleRow, action: ListAction) => {
    setNote('');
    confirm.ask({ row, action });
  };
  return { ask, dialog: { ...confirm.dialog, pending: confirm.target, note, setNote } };
}

type StatusDialogProps = ReturnType<typeof useArticleStatusAction>['dialog'] & { now: Date };

/** The question before a status change, Reject's note, then the change, its notice, and the list read again. */
export function ArticleStatusDialog({ opened, onClose, pending, note, setNote, now }: StatusDialogProps) {
  const runPending = async () => {
    if (!pending) return;
    const { row, action } = pending;
    try {
      const updated = await changeArticleStatus(row, action, action === 'reject' ? note.trim() : undefined);
      notifySuccess(
        ACTION_SUCCESS[action],
        updated?.status === 'Scheduled' ? `Scheduled for ${formatDateTime(updated.publishDate)}` : undefined,
      );
    } catch (failure) {
      notifyRowActionFailed(failure, row.title, ACTION_FAILURE[action]);
    } finally {
      // Reloads the list, the tab counts and the header's Need Review count.
      await revalidateArticleList(row._id);
    }
  };
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title={pending ? CONFIRM_TITLES[pending.action] : ''}
      confirmLabel={pending ? ACTION_LABELS[pending.action] : 'OK'}
      danger={pending?.action === 'reject'}
      extra={pending?.action === 'reject' ? <NoteField ask={REVIEW_NOTE} value={note} onChange={setNote} /> : undefined}
      blocked={pending?.action === 'reject' ? noteBlock(note) : null}
      onConfirm={runPending}
    >
      {pending ? confirmText(pending.action, pending.row, now) : ''}
    </ConfirmDialog>
  );
}
