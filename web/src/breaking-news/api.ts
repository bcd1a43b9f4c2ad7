/** Breaking news: the reads (SWR, keyed by API path) and the writes of SPEC §7. */
import useSWR, { mutate } from 'swr';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import type { BreakingNewsInput } from '../../../shared/schemas/breaking-news';
import { api } from '../api/client';
import type { ListPage } from '../api/list';

export type BreakingNewsStatus = 'Enable' | 'Disable';

export interface BreakingNews {
  _id: string;
  title: string;
  url?: string;
  status: BreakingNewsStatus;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const breakingNewsKey = (page: number) => `/breaking-news?page=${page}&limit=${SHARED_PAGE_SIZE}`;
const itemPath = (id: string) => `/breaking-news/${encodeURIComponent(id)}`;

export function useBreakingNews(page: number) {
  return useSWR<ListPage<BreakingNews>>(breakingNewsKey(page), { keepPreviousData: true });
}

/** After a write: every cached page re-reads. */
export function revalidateBreakingNews(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith('/breaking-news?'));
}

/** SPEC §5: the url is left out when empty. */
function withoutEmptyUrl({ title, url }: BreakingNewsInput): BreakingNewsInput {
  return url ? { title, url } : { title };
}

export function createBreakingNews(body: BreakingNewsInput): Promise<BreakingNews> {
  return api<BreakingNews>('/breaking-news', { method: 'POST', body: withoutEmptyUrl(body) });
}

/** Edit: the headline and the link; an emptied link is sent as '' so the stored one is cleared. */
export function updateBreakingNews(
  item: Pick<BreakingNews, '_id' | 'version'>,
  { title, url }: BreakingNewsInput,
): Promise<BreakingNews> {
  return api<BreakingNews>(itemPath(item._id), {
    method: 'PATCH',
    body: { _id: item._id, version: item.version, title, url: url ?? '' },
  });
}

/** The Inactive / Active toggle (SPEC §4): sends the opposite status. */
export function toggleBreakingNews(item: Pick<BreakingNews, '_id' | 'version' | 'status'>): Promise<BreakingNews> {
  const status: BreakingNewsStatus = item.status === 'Enable' ? 'Disable' : 'Enable';
  return api<BreakingNews>(itemPath(item._id), {
    method: 'PATCH',
    body: { _id: item._id, version: item.version, status },
  });
}
