/**
 * The article list's bulk actions: Publish, Approve, Reject, Retract and Move to trash. The workflow table
 * decides which rows each applies to (the list actions of CONTRACT.md §4, and Retract of a live article), exactly as
 * the API will; each row is sent the call its row action makes (PATCH /cms/{id} {version, action}; DELETE /cms/{id}).
 */

import { formatDateTime } from '../../../../shared/format';
import { ARTICLE_RESOURCE, REMOVE_OWN_ONLY } from '../../../../shared/permissions';
import {
  ACTION_LABELS,
  isLive,
  listActions,
  nextStatus,
  STATUS_LABELS,
  type WorkflowAction,
  type WorkflowRole,
} from '../../../../shared/workflow';
import type { BulkAction } from '../../common/list/bulk';
import { bulkRemoveAction } from '../../common/trash/bulk-remove';
import { type ArticleRow, changeArticleStatus } from '../api';
import { REVIEW_NOTE } from './article-row';

/** The status moves offered in bulk, in the bar's order. */
export const BULK_MOVES = ['publish', 'approve', 'reject', 'retract'] as const satisfies readonly WorkflowAction[];
export type BulkMove = (typeof BULK_MOVES)[number];

/** Whether the workflow table lets this user make the move on a row in this status from the list. */
export function bulkMoveApplies(move: BulkMove, status: ArticleRow['status'], role: WorkflowRole): boolean {
  if (move === 'retract')
    return role === 'editor' && nextStatus({ from: status, action: move, who: role, kind: 'article' }) !== undefined;
  return listActions(status, role).includes(move);
}

/** Why a move is skipped for a row: the API's own words for a move the table does not list. */
export const moveRefusal = (move: BulkMove, status: ArticleRow['status']) =>
  `You cannot ${move} an article that is ${status}`;

const MOVE_TEXT: Record<BulkMove, { done: string; color: string; question: (many: string) => string }> = {
  publish: {
    done: 'Published',
    color: 'green',
    question: (many) => `Publish ${many}? Those with a publish date still to come are scheduled and go live then.`,
  },
  approve: {
    done: 'Approved',
    color: 'teal',
    question: (many) => `Approve ${many}? They stay off the site until someone publishes them.`,
  },
  reject: {
    done: 'Rejected',
    color: 'red',
    question: (many) => `Reject ${many}? Their authors can change them and submit them again.`,
  },
  retract: {
    done: 'Retracted',
    color: 'orange',
    question: (many) => `Retract ${many}? They come off the site, and out of any home-page slot they fill.`,
  },
};

const articles = (count: number) => (count === 1 ? '1 article' : `${count} articles`);

function moveAction(move: BulkMove, role: WorkflowRole): BulkAction<ArticleRow> {
  const text = MOVE_TEXT[move];
  return {
    key: move,
    label: ACTION_LABELS[move],
    done: text.done,
    color: text.color,
    danger: move === 'reject' || move === 'retract',
    refusal: (row) => (bulkMoveApplies(move, row.status, role) ? null : moveRefusal(move, row.status)),
    ...(move === 'reject' ? { asksNote: REVIEW_NOTE } : {}),
    run: async (row, note) => {
      const updated = await changeArticleStatus(row, move, move === 'reject' ? note : undefined);
      return updated?.status === 'Scheduled' ? `Scheduled for ${formatDateTime(updated.publishDate)}` : undefined;
    },
    question: (count) => text.question(articles(count)),
  };
}

/**
 * Move to trash takes a live story off the site: the question names the Published and Scheduled ones among the
 * rows it applies to, by title, so nobody trashes a front-page story by a stray tick.
 */
export function liveStoriesWarning(rows: readonly ArticleRow[]): string | null {
  const live = rows.filter((row) => isLive(row.status));
  if (live.length === 0) return null;
  const titles = live.map((row) => `“${row.title || 'Untitled'}” (${STATUS_LABELS[row.status]})`).join(', ');
  return live.length === 1
    ? `1 of them is live and comes off the site: ${titles}.`
    : `${live.length} of them are live and come off the site: ${titles}.`;
}

/**
 * The bulk actions this user may take: the status moves for an editor (a contributor's Publish only resubmits,
 * which is the editor screen's business), and Move to trash with Remove on articles.
 */
export function articleBulkActions(
  role: WorkflowRole,
  canRemove: boolean,
  mayRemove: (row: ArticleRow) => boolean = () => canRemove,
): BulkAction<ArticleRow>[] {
  const moves = role === 'editor' ? BULK_MOVES.map((move) => moveAction(move, role)) : [];
  const remove = bulkRemoveAction<ArticleRow>(
    ARTICLE_RESOURCE,
    (row) => (mayRemove(row) ? null : REMOVE_OWN_ONLY('articles')),
    liveStoriesWarning,
  );
  return canRemove ? [...moves, remove] : moves;
}
