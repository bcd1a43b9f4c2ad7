/** Breaking news: the reads (SWR, keyed by API path) and the writes of CONTRACT.md §7. */
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import type { BreakingNews, BreakingNewsInput, BreakingNewsStatus } from '../../../shared/schemas/breaking-news';
import { api } from '../api/client';
import { apiKey, revalidateList, useApi } from '../api/use-api';

export type { BreakingNews, BreakingNewsStatus } from '../../../shared/schemas/breaking-news';

export const breakingNewsKey = (page: number) =>
  apiKey('GET /breaking-news', { query: { page, limit: SHARED_PAGE_SIZE } });

export function useBreakingNews(page: number) {
  return useApi(breakingNewsKey(page), { keepPreviousData: true });
}

/** After a write: every cached page re-reads. */
export function revalidateBreakingNews(): Promise<unknown> {
  return revalidateList('/breaking-news');
}

/** CONTRACT.md §5: the url is left out when empty. */
function withoutEmptyUrl({ title, url }: BreakingNewsInput): BreakingNewsInput {
  return url ? { title, url } : { title };
}

export function createBreakingNews(body: BreakingNewsInput) {
  return api('POST /breaking-news', { body: withoutEmptyUrl(body) });
}

/** Edit: the headline and the link; an emptied link is sent as '' so the stored one is cleared. */
export function updateBreakingNews(item: Pick<BreakingNews, '_id' | 'version'>, { title, url }: BreakingNewsInput) {
  return api('PATCH /breaking-news/{id}', {
    params: { id: item._id },
    body: { version: item.version, title, url: url ?? '' },
  });
}

/** The Inactive / Active toggle (CONTRACT.md §4): sends the opposite status. */
export function toggleBreakingNews(item: Pick<BreakingNews, '_id' | 'version' | 'status'>) {
  const status: BreakingNewsStatus = item.status === 'Enable' ? 'Disable' : 'Enable';
  return api('PATCH /breaking-news/{id}', { params: { id: item._id }, body: { version: item.version, status } });
}
