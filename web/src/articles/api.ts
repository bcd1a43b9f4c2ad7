/** Articles (routes /cms…): the reads (SWR, keyed by API path) and the writes of CONTRACT.md §7. */
import { mutate } from 'swr';
import type { RouteBodyInput } from '../../../shared/api';
import type { ArticleType } from '../../../shared/constants';
import type { ArticleContentInput } from '../../../shared/schemas/article';
import type { ArticleDetail, ArticleRow } from '../../../shared/schemas/article-record';
import type { WorkflowAction } from '../../../shared/workflow';
import { api } from '../api/client';
import { apiKey, useApi, useEditedRecord } from '../api/use-api';

export type {
  ArticleAutosave,
  ArticleDetail,
  ArticleDraft,
  ArticleFieldValues,
  ArticleHistoryEntry as HistoryEntry,
  ArticleRow,
  EditLock,
  MediaItemValue,
  Revision,
  RevisionSummary,
} from '../../../shared/schemas/article-record';

export interface ArticleFilters {
  /** A status, or the contract's tab names `Draft` / `Publish`; empty for All. */
  status?: string;
  search?: string;
  /** Instants (ISO) bounding the created date, e.g. the local day picked in the filter panel. */
  from?: string;
  to?: string;
  /** Category ids; an article in any of them matches. */
  categories?: string[];
  type?: ArticleType;
}

export const articleKey = (id: string) => apiKey('GET /cms/detail/{id}', { params: { id } });
export const historyKey = (id: string) => apiKey('GET /cms/history/{id}', { params: { id } });
export const revisionsKey = (id: string) => apiKey('GET /cms/{id}/revisions', { params: { id } });
export const NOTIFICATION_KEY = apiKey('GET /cms/notification');

export function useArticle(id: string | undefined) {
  return useEditedRecord(id ? articleKey(id) : null);
}

export function useArticleHistory(id: string | undefined) {
  return useApi(id ? historyKey(id) : null);
}

/** Articles waiting in Need Review (the header's notifications count). */
export function useNotificationCount(enabled = true) {
  return useApi(enabled ? NOTIFICATION_KEY : null, { refreshInterval: 60_000 });
}

/** After a write: every list, the notifications count, and the one article and its history if given. */
export function revalidateArticles(id?: string): Promise<unknown> {
  return mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith('/cms?') ||
        key === NOTIFICATION_KEY ||
        (id !== undefined && (key === articleKey(id) || key === historyKey(id) || key === revisionsKey(id)))),
  );
}

/** What an editor sends: the type's fields (see articleSchemaFor). */
export type ArticleInput = ArticleContentInput;

/** The editor's form has checked `fields` with its type's schema (articleSchemaFor), which the API checks again. */
export function createArticle(type: ArticleType, action: WorkflowAction, fields: ArticleInput) {
  const body = { ...fields, type, action } as RouteBodyInput<'POST /cms/create'>;
  return api('POST /cms/create', { body });
}

/** Saves the editor's fields and applies the button's action; 409 when `version` is stale. */
export function saveArticle(
  article: Pick<ArticleDetail, '_id' | 'version'>,
  action: WorkflowAction,
  fields: ArticleInput,
) {
  return api('PATCH /cms/{id}', {
    params: { id: article._id },
    body: { ...fields, form: 'save', version: article.version, action },
  });
}

/** A list action (Publish, Approve, Reject): the status moves, the content stays. Reject sends its note. */
export function changeArticleStatus(
  article: Pick<ArticleRow, '_id' | 'version'>,
  action: WorkflowAction,
  note?: string,
) {
  const body =
    note === undefined
      ? { form: 'move' as const, version: article.version, action }
      : { form: 'move' as const, version: article.version, action, note };
  return api('PATCH /cms/{id}', { params: { id: article._id }, body });
}

/** POST /cms/getHtml/: the text of an uploaded PDF (asset of purpose `import-document`), one entry per paragraph. */
export function importPdfText(assetId: string) {
  return api('POST /cms/getHtml/', { body: { asset: assetId } });
}

// ---- Editing that never loses work: locks, autosaves, drafts of live articles, revisions ----

/** Takes or refreshes the edit lock; `takeOver` takes it from whoever holds it. */
export function takeEditLock(id: string, takeOver = false) {
  return api('POST /cms/{id}/lock', { params: { id }, body: takeOver ? { takeOver: true } : {} });
}

export function releaseEditLock(id: string) {
  return api('DELETE /cms/{id}/lock', { params: { id } });
}

/** The user's autosave of the article, when newer than its last save. */
export function readAutosave(id: string) {
  return api('GET /cms/{id}/autosave', { params: { id } });
}

export function sendAutosave(id: string, body: RouteBodyInput<'POST /cms/{id}/autosave'>) {
  return api('POST /cms/{id}/autosave', { params: { id }, body });
}

export function dropAutosave(id: string) {
  return api('DELETE /cms/{id}/autosave', { params: { id } });
}

/**
 * A signed, short-lived link to the article on the site's own preview page, or `url: null` when the site sets no
 * preview link (CONTRACT.md §7 Preview links).
 */
export function requestPreviewLink(id: string) {
  return api('POST /cms/{id}/preview-link', { params: { id } });
}

/** Drops a live article's unpublished changes (the live version stays as it is). */
export function discardChanges(article: Pick<ArticleDetail, '_id' | 'version'>) {
  return api('POST /cms/{id}/discard', { params: { id: article._id }, body: { version: article.version } });
}

export function useRevisions(id: string | undefined) {
  return useApi(id ? revisionsKey(id) : null, { revalidateOnFocus: false });
}

export function readRevision(id: string, number: number) {
  return api('GET /cms/{id}/revisions/{number}', { params: { id, number: String(number) } });
}

/** Saves a revision's content over the article at the version the editor read (a live article gets it as its draft). */
export function restoreRevision(article: Pick<ArticleDetail, '_id' | 'version'>, number: number) {
  return api('POST /cms/{id}/revisions/{number}/restore', {
    params: { id: article._id, number: String(number) },
    body: { version: article.version },
  });
}

/** The home-page layout, to name the slots an article leaves when it is retracted. */
export function readHomeLayout() {
  return api('GET /layout/home');
}
