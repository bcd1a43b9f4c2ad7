import type { SWRConfiguration } from 'swr';
import { ApiError, swrFetcher } from './client';

/**
 * Reads go through SWR with the API client as fetcher. Client errors (4xx) are not retried; list and load
 * errors are only logged (CONTRACT.md §8) — screens decide what, if anything, to show.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  onError: (error: unknown, key: string) => {
    if (error instanceof ApiError && error.status === 401) return;
    console.error(`GET ${key} failed`, error);
  },
  onErrorRetry: (error: unknown, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount >= 3) return;
    setTimeout(() => revalidate({ retryCount }), 2000 * 2 ** retryCount);
  },
};
