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
}

export const articleListKey = (page: number, filters: ArticleListFilters = {}, cursor?: string) =>
  apiKey('GET /cms', {
    query: {
      page,
      limit: PAGE_SIZE,
      cursor,
      status: filters.status,
      search: filters.search,
      from: filters.from,
      to: filters.to,
      categories: filters.categories?.join(','),
      type: filters.type,
      sort: filters.sort,
      order: filters.order,
    },
  });

export const ARTICLE_COUNTS_KEY = apiKey('GET /cms/counts');

/** A page of the list in its order; Next and Previous read it by cursor (useCursorPage). */
export function useArticleList(page: number, filters: ArticleListFilters) {
  return useCursorPage(page, (p, cursor) => articleListKey(p, filters, cursor));
}

/** How many articles each tab holds (the tab labels). */
export function useArticleCounts() {
  return useApi(ARTICLE_COUNTS_KEY, { keepPreviousData: true });
}

/** After a row or bulk action: every page of the list, the header's review count, the tab counts. */
export function revalidateArticleList(id?: string): Promise<unknown> {
  return Promise.all([revalidateArticles(id), mutate(ARTICLE_COUNTS_KEY)]);
}
