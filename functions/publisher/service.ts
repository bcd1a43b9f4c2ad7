/** Publishing one due article: the move comes from the workflow table, the write from the cms module. */
import { editorKindOf, nextStatus, SCHEDULED_PUBLISH } from '../../shared/workflow';
import { type ArticleRecord, type HistoryRecord, historyItem, replaceArticle } from '../article/model';
import { editorialAudit } from '../article/moves-audit';
import { HttpError } from '../lib/errors';
import { newId } from '../lib/ids';

/** Who the article list shows as having saved it last. */
const PUBLISHER = { _id: 'publisher', name: 'Scheduled publishing' };

/**
 * Publishes one article if it is still at the version read (an editor's concurrent change wins), moving it
 * between status lists and counters and writing its history entry and audit entry in the same transaction. False when it was
 * changed meanwhile or the table allows no such move from its status.
 */
export async function publishScheduled(article: ArticleRecord, at: string): Promise<boolean> {
  const to = nextStatus({
    from: article.status,
    action: SCHEDULED_PUBLISH,
    who: SCHEDULED_PUBLISH,
    kind: editorKindOf(article.type),
  });
  if (!to) return false;
  const next: ArticleRecord = {
    ...article,
    status: to,
    updatedAt: at,
    updatedBy: PUBLISHER,
    version: article.version + 1,
  };
  const entry: HistoryRecord = {
    _id: newId(),
    at,
    by: null,
    action: SCHEDULED_PUBLISH,
    from: article.status,
    to,
    changed: [],
  };
  try {
    await replaceArticle(article, next, [
      historyItem(article._id, entry),
      ...editorialAudit({ actor: null, ip: '', action: SCHEDULED_PUBLISH, from: article.status, article: next, at }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return false;
    throw error;
  }
}
