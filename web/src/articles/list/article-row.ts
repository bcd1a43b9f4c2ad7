/** What the article list derives from a row: where Edit goes, the status colours, the list actions' texts. */
import { type ArticleStatus, type ArticleType, REVIEW_NOTE_MAX } from '../../../../shared/constants';
import { formatDateTime } from '../../../../shared/format';
import type { PendingChanges } from '../../../../shared/schemas/article-record';
import type { WorkflowAction } from '../../../../shared/workflow';
import type { NoteAsk } from '../../common/NoteField';
import { editPathFor as editorPathFor } from '../form/paths';

/** Edit opens the editor matching the type (CONTRACT.md §2). */
export const editPathFor = (row: { _id: string; type: ArticleType }): string => editorPathFor(row.type, row._id);

/** Live is green, waiting on someone is warm, stopped is red or dark, work in progress is grey. */
export const STATUS_COLORS: Record<ArticleStatus, string> = {
  Draft: 'gray',
  Pending: 'yellow',
  'Need Review': 'orange',
  Approved: 'cyan',
  Rejected: 'red',
  Retract: 'dark',
  Scheduled: 'indigo',
  Published: 'green',
};

/** The list actions of CONTRACT.md §4 besides Edit. */
export type ListAction = Extract<WorkflowAction, 'publish' | 'approve' | 'reject'>;

export const isListAction = (action: WorkflowAction): action is ListAction =>
  action === 'publish' || action === 'approve' || action === 'reject';

export const ACTION_COLORS: Record<ListAction, string> = { publish: 'green', approve: 'teal', reject: 'red' };

/** CONTRACT.md §8 has the Publish popup; Approve and Reject say the same thing their way. */
export const ACTION_SUCCESS: Record<ListAction, string> = {
  publish: 'Blog Published Successfully',
  approve: 'Blog Approved Successfully',
  reject: 'Blog Rejected Successfully',
};

export const ACTION_FAILURE: Record<ListAction, string> = {
  publish: 'Could not publish the article',
  approve: 'Could not approve the article',
  reject: 'Could not reject the article',
};

export const CONFIRM_TITLES: Record<ListAction, string> = {
  publish: 'Publish article',
  approve: 'Approve article',
  reject: 'Reject article',
};

/** Reject's note to the author (CONTRACT.md §4): the row action and the bulk Reject ask for it. */
export const REVIEW_NOTE: NoteAsk = {
  label: 'Note to the author',
  description: 'What should they change? They see it on the article and on their dashboard.',
  max: REVIEW_NOTE_MAX,
};

/** The confirm dialog's question, saying what will happen. */
export function confirmText(action: ListAction, row: { title: string; publishDate: string | null }, now: Date): string {
  const title = `“${row.title || 'Untitled'}”`;
  if (action === 'approve') return `Approve ${title}? It stays off the site until someone publishes it.`;
  if (action === 'reject') return `Reject ${title}? Its author can change it and submit it again.`;
  if (row.publishDate && Date.parse(row.publishDate) > now.getTime())
    return `Publish ${title}? Its publish date is ${formatDateTime(row.publishDate)}, so it is scheduled and goes live then.`;
  return `Publish ${title}? It goes live on the site now.`;
}

/** The Unpublished changes badge's tooltip: who saved them and when, and that the site shows them only on Publish. */
export function pendingChangesHint({ at, by }: PendingChanges): string {
  const when = formatDateTime(at);
  const saved = by?.name ? `Saved by ${by.name}` : 'Saved';
  return `${saved}${when ? ` at ${when}` : ''}; not on the site until Publish`;
}
