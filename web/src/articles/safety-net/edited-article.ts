/** A live article's unpublished changes as the editors and the preview show them. Pure. */
import type { ArticleDetail, ArticleFieldValues } from '../../../../shared/schemas/article-record';
import {
  editorKindOf,
  isLive,
  STATUS_LABELS,
  savesAsDraftOfChanges,
  type WorkflowAction,
} from '../../../../shared/workflow';

/**
 * The article as its editor opens it: a live article with a draft shows the draft's fields and files (the live
 * version stays on the site until Publish); any other as stored.
 */
export function editedArticle(article: ArticleDetail): ArticleDetail {
  const { draft } = article;
  if (!draft) return article;
  return withFields(article, draft.fields, draft.media);
}

/** `article` with `fields` (a draft, an autosave, a revision) in place of its own content. */
export function withFields(
  article: ArticleDetail,
  fields: Partial<ArticleFieldValues>,
  media: ArticleDetail['media'] = {},
): ArticleDetail {
  const merged = { ...article, ...fields, media: { ...article.media, ...media } } as ArticleDetail;
  return merged;
}

/** Whether a live article has saved changes readers do not see yet. */
export const hasPendingChanges = (article: Pick<ArticleDetail, 'status' | 'draft'> | undefined): boolean =>
  Boolean(article && isLive(article.status) && article.draft);

/** "Published · unpublished changes", or the status alone. */
export function statusLabel(article: Pick<ArticleDetail, 'status' | 'draft'> | undefined): string {
  if (!article) return 'New';
  const label = STATUS_LABELS[article.status];
  return hasPendingChanges(article) ? `${label} · unpublished changes` : label;
}

/**
 * Whether Save on this article keeps it live and stores a draft (shared/workflow.ts, savesAsDraftOfChanges): a live
 * Article, Blog or Page. Video and Gallery keep the contract's "Save publishes" (CONTRACT.md §4).
 */
export const savesDraft = (article: Pick<ArticleDetail, 'status' | 'type'> | undefined): boolean =>
  Boolean(article && savesAsDraftOfChanges(article.status, 'save', editorKindOf(article.type)));

/** A live Article, Blog or Page's buttons: Save keeps the changes as a draft, Publish puts them live. */
export function liveSaveLabels(
  article: Pick<ArticleDetail, 'status' | 'type' | 'draft'> | undefined,
): Partial<Record<WorkflowAction, string>> | undefined {
  if (!savesDraft(article)) return undefined;
  return { save: 'Save changes', publish: hasPendingChanges(article) ? 'Publish changes' : 'Publish' };
}

/** When the article was last saved: a draft's time when it has one (a draft save leaves the live fields as they were). */
export const lastSavedAt = (article: Pick<ArticleDetail, 'updatedAt' | 'draft'>): string =>
  article.draft && article.draft.at > article.updatedAt ? article.draft.at : article.updatedAt;
