/** E-paper editions: the reads (SWR, keyed by API path) and the writes of SPEC §7. */
import useSWR, { mutate } from 'swr';
import { PAGE_SIZE } from '../../../shared/constants';
import type { EpaperInput, EpaperStatus } from '../../../shared/schemas/epaper';
import { api, apiUrl } from '../api/client';
import type { ListPage } from '../api/list';
import type { MediaRef, NamedRef } from '../api/refs';

/** One row of GET /epaper. The author's name is as of the edition's creation. */
export interface EpaperRow {
  _id: string;
  title: string;
  slug: string;
  /** The edition's path on the site (`/epaper/<slug>`). */
  url: string;
  status: EpaperStatus;
  user: NamedRef;
  publishDate: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** GET /epaper/detail/{id}: the row plus what the form needs. */
export interface EpaperDetail extends Omit<EpaperRow, 'user'> {
  /** The author's id. */
  user: string;
  userName: string;
  seo: { title: string; description: string; metaTags: { property?: string; content: string }[] };
  /** The PDF's asset id. */
  file: string;
  /** The PDF's stored file, keyed by asset id. */
  media: Record<string, MediaRef>;
}

/** The list's filter: instants bounding the publish date (the local day picked in the filter). */
export interface EpaperFilters {
  from?: string;
  to?: string;
}

export function epapersKey(page: number, filters: EpaperFilters = {}): string {
  const url = apiUrl('/epaper', { page, limit: PAGE_SIZE, from: filters.from, to: filters.to });
  // SWR keys are API paths without the /api base, as elsewhere in the app.
  return url.slice(url.indexOf('/epaper'));
}
export const epaperKey = (id: string) => `/epaper/detail/${encodeURIComponent(id)}`;

export function useEpapers(page: number, filters: EpaperFilters = {}) {
  return useSWR<ListPage<EpaperRow>>(epapersKey(page, filters), { keepPreviousData: true });
}

export function useEpaper(id: string | undefined) {
  // A form must not be refilled behind the user's back; it re-reads only on Reload.
  return useSWR<EpaperDetail>(id ? epaperKey(id) : null, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** After a write: every cached list re-reads, and the one edition if given. */
export function revalidateEpapers(id?: string): Promise<unknown> {
  return mutate(
    (key) => typeof key === 'string' && (key.startsWith('/epaper?') || (id !== undefined && key === epaperKey(id))),
  );
}

export function createEpaper(input: EpaperInput): Promise<EpaperDetail> {
  return api<EpaperDetail>('/epaper/create', { method: 'POST', body: input });
}

/** Saves the whole form at the version read; 409 when someone saved in between. */
export function updateEpaper(
  edition: Pick<EpaperDetail, '_id' | 'version'>,
  input: EpaperInput,
): Promise<EpaperDetail> {
  return api<EpaperDetail>(`/epaper/${encodeURIComponent(edition._id)}`, {
    method: 'PATCH',
    body: { ...input, version: edition.version },
  });
}

/** SPEC §7: the Publish / Un-Publish toggle sends only `_id` and `status` (and the version read). */
export function setEpaperStatus(
  edition: Pick<EpaperRow, '_id' | 'version'>,
  status: EpaperStatus,
): Promise<EpaperDetail> {
  return api<EpaperDetail>(`/epaper/${encodeURIComponent(edition._id)}`, {
    method: 'PATCH',
    body: { _id: edition._id, version: edition.version, status },
  });
}
