/** Articles (cms): the reads (SWR, keyed by API path) and the writes of SPEC §7. */
import useSWR, { mutate } from 'swr';
import { type ArticleStatus, type ArticleType, PAGE_SIZE } from '../../../shared/constants';
import type { ArticleContentInput, Section } from '../../../shared/schemas/article';
import type { WorkflowAction } from '../../../shared/workflow';
import { api, apiUrl } from '../api/client';
import type { ListPage } from '../api/list';
import type { MediaRef, NamedRef } from '../api/refs';

/** One row of GET /cms. Author and category names are as of the article's last save. */
export interface ArticleRow {
  _id: string;
  title: string;
  slug: string;
  /** The article's path on the site (`/<slug>`). */
  url: string;
  type: ArticleType;
  status: ArticleStatus;
  categories: NamedRef[];
  user: NamedRef | null;
  publishDate: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface MediaItemValue {
  url: string;
  description: string;
  file: string | null;
}

/** GET /cms/detail/{id}: everything an editor needs. */
export interface ArticleDetail {
  _id: string;
  type: ArticleType;
  status: ArticleStatus;
  slug: string;
  url: string;
  title: string;
  categories: string[];
  user: string;
  authorName: string;
  description: string;
  canonicalUrl: string;
  seo: { title: string; description: string; metaTags: { property?: string; content: string }[] };
  body: Section[];
  image: string | null;
  imageAlt: string;
  imageTitle: string;
  publishDate: string | null;
  isSponsored: boolean;
  tags: string[];
  videos: MediaItemValue[];
  gallery: MediaItemValue[];
  /** Every referenced file (cover, videos, gallery images) by asset id. */
  media: Record<string, MediaRef>;
  views: number;
  createdAt: string;
  updatedAt: string;
  /** Who saved it last: shown when a save is refused as stale. */
  updatedBy: NamedRef | null;
  version: number;
}

export interface HistoryEntry {
  _id: string;
  at: string;
  by: NamedRef | null;
  /** `create`, a workflow action, or `publisher` for the scheduled job. */
  action: string;
  from: ArticleStatus | null;
  to: ArticleStatus;
  /** Names of the fields this save changed (empty for a status-only action). */
  changed: string[];
}

export interface ArticleFilters {
  /** A status, or the SPEC tab names `Draft` / `Publish`; empty for All. */
  status?: string;
  search?: string;
  /** Instants (ISO) bounding the created date, e.g. the local day picked in the filter panel. */
  from?: string;
  to?: string;
  /** Category ids; an article in any of them matches. */
  categories?: string[];
  type?: ArticleType;
}

export function articlesKey(page: number, filters: ArticleFilters = {}): string {
  const url = apiUrl('/cms', {
    page,
    limit: PAGE_SIZE,
    status: filters.status,
    search: filters.search,
    from: filters.from,
    to: filters.to,
    categories: filters.categories?.join(','),
    type: filters.type,
  });
  // SWR keys are API paths without the /api base, as elsewhere in the app.
  return url.slice(url.indexOf('/cms'));
}
export const articleKey = (id: string) => `/cms/detail/${encodeURIComponent(id)}`;
export const historyKey = (id: string) => `/cms/history/${encodeURIComponent(id)}`;
export const NOTIFICATION_KEY = '/cms/notification';

export function useArticles(page: number, filters: ArticleFilters = {}) {
  return useSWR<ListPage<ArticleRow>>(articlesKey(page, filters), { keepPreviousData: true });
}

export function useArticle(id: string | undefined) {
  // An editor must not be refilled behind the user's back; it re-reads only on Reload.
  return useSWR<ArticleDetail>(id ? articleKey(id) : null, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

export function useArticleHistory(id: string | undefined) {
  return useSWR<ListPage<HistoryEntry>>(id ? historyKey(id) : null);
}

/** Articles waiting in Need Review (the header's notifications count). */
export function useNotificationCount(enabled = true) {
  return useSWR<{ count: number }>(enabled ? NOTIFICATION_KEY : null, { refreshInterval: 60_000 });
}

/** After a write: every list, the notifications count, and the one article and its history if given. */
export function revalidateArticles(id?: string): Promise<unknown> {
  return mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith('/cms?') ||
        key === NOTIFICATION_KEY ||
        (id !== undefined && (key === articleKey(id) || key === historyKey(id)))),
  );
}

/** What an editor sends: the type's fields (see articleSchemaFor). */
export type ArticleInput = ArticleContentInput;

export function createArticle(type: ArticleType, action: WorkflowAction, fields: ArticleInput): Promise<ArticleDetail> {
  return api<ArticleDetail>('/cms/create', { method: 'POST', body: { ...fields, type, action } });
}

/** Saves the editor's fields and applies the button's action; 409 when `version` is stale. */
export function saveArticle(
  article: Pick<ArticleDetail, '_id' | 'version'>,
  action: WorkflowAction,
  fields: ArticleInput,
): Promise<ArticleDetail> {
  return api<ArticleDetail>(`/cms/${encodeURIComponent(article._id)}`, {
    method: 'PATCH',
    body: { ...fields, _id: article._id, version: article.version, action },
  });
}

/** A list action (Publish, Approve, Reject): the status moves, the content stays. */
export function changeArticleStatus(
  article: Pick<ArticleRow, '_id' | 'version'>,
  action: WorkflowAction,
): Promise<ArticleDetail> {
  return api<ArticleDetail>(`/cms/${encodeURIComponent(article._id)}`, {
    method: 'PATCH',
    body: { _id: article._id, version: article.version, action },
  });
}

/** POST /cms/getHtml/: the text of an uploaded PDF (asset of purpose `import-document`), one entry per paragraph. */
export function importPdfText(assetId: string): Promise<{ text: string; paragraphs: string[]; pages: number }> {
  return api('/cms/getHtml/', { method: 'POST', body: { asset: assetId } });
}
