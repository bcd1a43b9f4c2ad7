/**
 * The article list's own reads: the page in its order (GET /cms with `sort` and `order`), the tab counts
 * (GET /cms/counts), and what re-reads them after a row or bulk action.
 */
import { mutate } from 'swr';
import type { ArticleSort, SortOrder } from '../../../../shared/article-sort';
import { PAGE_SIZE } from '../../../../shared/constants';
import { apiKey, useApi, useCursorPage } from '../../api/use-api';
import { type ArticleFilters, revalidateArticles } from '../api';

export interface ArticleListFilters extends ArticleFilters {
  /** Left out for the default order, newest created first. */
  sort?: ArticleSort;
  order?: SortOrder;
  /** One author's articles (the author filter, Mine). */
  author?: string;
}

export const articleListKey = (page: number, filters: ArticleListFilters = {}, cursor?: string, limit = PAGE_SIZE) =>
  apiKey('GET /cms', {
    query: {
      page,
      limit,
      cursor,
      status: filters.status,
      search: filters.search,
      from: filters.from,
      to: filters.to,
      categories: filters.categories?.join(','),
      type: filters.type,
      sort: filters.sort,
      order: filters.order,
      author: filters.author,
    },
  });

export const ARTICLE_COUNTS_KEY = apiKey('GET /cms/counts');
/** One author's tab counts (the tabs while the list is filtered by author or Mine). */
export const authorCountsKey = (author: string) => apiKey('GET /cms/counts', { query: { author } });

/** A page of the list in its order; Next and Previous read it by cursor (useCursorPage). */
export function useArticleList(page: number, filters: ArticleListFilters, limit = PAGE_SIZE) {
  return useCursorPage(page, (p, cursor) => articleListKey(p, filters, cursor, limit));
}

/** How many articles each tab holds (the tab labels): everyone's, or one author's. */
export function useArticleCounts(author?: string) {
  return useApi(author ? authorCountsKey(author) : ARTICLE_COUNTS_KEY, { keepPreviousData: true });
}

const isCountsKey = (key: unknown) =>
  typeof key === 'string' && (key === ARTICLE_COUNTS_KEY || key.startsWith(`${ARTICLE_COUNTS_KEY}?`));

/** After a row or bulk action: every page of the list, the header's review count, the tab counts (any author's). */
export function revalidateArticleList(id?: string): Promise<unknown> {
  return Promise.all([revalidateArticles(id), mutate(isCountsKey)]);
}
