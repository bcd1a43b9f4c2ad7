/**
 * How the article list can be sorted (GET /cms `sort` and `order`). Each order is a Query of an index that holds
 * it, never a Scan (functions/README.md, access patterns):
 * - `created`: gsi1 (All) or gsi2 (a status tab), the default, newest first;
 * - `updated`: gsi4, which holds every article by its last update, so the All tab only;
 * - `publishDate`: gsi3, sparse, which holds only Scheduled articles, so the Scheduled tab only. No index holds
 *   every article by publish date, and adding one for a sort would cost a write on every save.
 * A title search reads the title index, which is newest-created first only; an author's articles (the author
 * filter, Mine) their author's listing, which is by created date only.
 */
import type { ArticleStatus } from './constants';

export const ARTICLE_SORTS = ['created', 'updated', 'publishDate'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const DEFAULT_SORT: ArticleSort = 'created';
export const DEFAULT_ORDER: SortOrder = 'desc';

export const SORT_REFUSALS = {
  updated: 'Sorting by last update is for the All tab only: its index holds every article, not one status',
  publishDate:
    'Sorting by publish date is for the Scheduled tab only: only Scheduled articles are indexed by publish date',
  search: 'A title search lists the newest first: it cannot be sorted',
  author: "An author's articles are listed by created date: their index holds no other order",
} as const;

export interface SortRequest {
  sort: ArticleSort;
  order: SortOrder;
  /** The tab's status; undefined for All. */
  status: ArticleStatus | undefined;
  /** Whether title words are searched. */
  searching: boolean;
  /** Whether the list is one author's (the author filter, Mine). */
  author?: boolean;
}

/** Why this sort cannot be served (the API's 400, the list's disabled option), or null when it can. */
export function sortRefusal({ sort, order, status, searching, author }: SortRequest): string | null {
  if (searching && (sort !== DEFAULT_SORT || order !== DEFAULT_ORDER)) return SORT_REFUSALS.search;
  if (author && sort !== DEFAULT_SORT) return SORT_REFUSALS.author;
  if (sort === 'updated' && status !== undefined) return SORT_REFUSALS.updated;
  if (sort === 'publishDate' && status !== 'Scheduled') return SORT_REFUSALS.publishDate;
  return null;
}
