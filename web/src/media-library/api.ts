/**
 * The media library's reads and writes (shared/routes/assets.ts): pages of files by cursor, one file, where it is
 * used, the covers without alt text, and the edits, removal and original download.
 */
import { useEffect } from 'react';
import { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { AssetDetailsInput, AssetKind, AssetPage, AssetUse, AssetView } from '../../../shared/schemas/asset';
import { ApiError, api } from '../api/client';
import { apiKey, useApi } from '../api/use-api';
import { endOfDay, startOfDay } from '../common/local-day';

export type { AssetKind, AssetUse, AssetView } from '../../../shared/schemas/asset';

/** What the library is filtered by: words, a kind, an uploader and local days (YYYY-MM-DD). */
export interface LibraryFilters {
  q: string;
  kind: AssetKind | null;
  uploader: string | null;
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: LibraryFilters = { q: '', kind: null, uploader: null, from: null, to: null };

export const filterCount = (f: LibraryFilters) =>
  [f.q.trim(), f.kind, f.uploader, f.from, f.to].filter((value) => Boolean(value)).length;

/** GET /asset's key for one page: the local days become the instants they start and end. */
export function assetsKey(filters: LibraryFilters, cursor?: string) {
  const query: Record<string, string> = {};
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.kind) query.kind = filters.kind;
  if (filters.uploader) query.uploader = filters.uploader;
  if (filters.from) query.from = startOfDay(filters.from);
  if (filters.to) query.to = endOfDay(filters.to);
  if (cursor) query.cursor = cursor;
  return apiKey<'GET /asset', AssetPage>('GET /asset', { query } as never);
}

/** The library's pages, newest first; `loadMore` follows the last page's cursor. */
export function useAssetPages(filters: LibraryFilters) {
  const pages = useSWRInfinite<AssetPage, ApiError>(
    (index, previous: AssetPage | null) => {
      if (index === 0) return assetsKey(filters);
      return previous?.next ? assetsKey(filters, previous.next) : null;
    },
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const { mutate: refresh } = pages;
  useEffect(() => {
    const listener = () => refresh();
    openLibraries.add(listener);
    return () => void openLibraries.delete(listener);
  }, [refresh]);
  const list = pages.data?.flatMap((page) => page.list) ?? [];
  const last = pages.data?.at(-1);
  return {
    list,
    error: pages.error,
    loaded: pages.data !== undefined,
    hasMore: Boolean(last?.next),
    partial: Boolean(last?.partial),
    loadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    validating: pages.isValidating,
    loadMore: () => void pages.setSize(pages.size + 1),
    retry: () => void pages.mutate(),
  };
}

export const assetKey = (id: string) => apiKey('GET /asset/{id}', { params: { id } });
export const usesKey = (id: string) => apiKey('GET /asset/{id}/uses', { params: { id } });
export const NEEDS_ALT_KEY = apiKey('GET /asset/needs-alt');

export const useAsset = (id: string | null) => useApi(id ? assetKey(id) : null, { revalidateOnFocus: false });
export const useAssetUses = (id: string | null) => useApi(id ? usesKey(id) : null);
export const useCoversWithoutAlt = (enabled = true) => useApi(enabled ? NEEDS_ALT_KEY : null);

/** The library grids on screen (a filter's mutate skips SWR's infinite keys, so they sign up here). */
const openLibraries = new Set<() => unknown>();

/** After a change: every library on screen, the covers without alt, and the one file (set to what the API said). */
export function revalidateLibrary(asset?: AssetView) {
  if (asset) void mutate(assetKey(asset._id), asset, { revalidate: false });
  for (const refresh of openLibraries) refresh();
  return mutate((key) => key === NEEDS_ALT_KEY || (asset !== undefined && key === usesKey(asset._id)));
}

export function saveAssetDetails(id: string, body: AssetDetailsInput) {
  return api('PATCH /asset/{id}', { params: { id }, body });
}

export const removeAsset = (id: string) => api('DELETE /asset/{id}', { params: { id } });

/** Where a refused Remove says the file is used: from the error's details when it carries them, else asked for. */
export async function usesAfterRefusal(id: string, error: unknown): Promise<AssetUse[] | undefined> {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const found = usesIn(error.body);
  if (found) return found;
  try {
    return (await api('GET /asset/{id}/uses', { params: { id } })).uses;
  } catch {
    return [];
  }
}

/** `uses` wherever the error body holds it: at its top, in `details`, or in its `message`. */
function usesIn(body: unknown): AssetUse[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.uses)) return record.uses as AssetUse[];
  for (const inner of [record.details, record.message, record.data]) {
    const found = usesIn(inner);
    if (found) return found;
  }
  return undefined;
}

/** Opens the untouched original through its five-minute link. */
export async function downloadOriginal(id: string) {
  const { url } = await api('GET /asset/{id}/original', { params: { id } });
  window.location.assign(url);
}
