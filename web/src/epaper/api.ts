/** E-paper editions: the reads (SWR, keyed by API path) and the writes of CONTRACT.md §7. */
import { PAGE_SIZE } from '../../../shared/constants';
import type { EpaperDetail, EpaperInput, EpaperRow, EpaperStatus } from '../../../shared/schemas/epaper';
import { api } from '../api/client';
import { apiKey, listReads } from '../api/use-api';

export type { EpaperDetail, EpaperRow } from '../../../shared/schemas/epaper';

/** The list's filter: instants bounding the publish date (the local day picked in the filter). */
export interface EpaperFilters {
  /** Title words. */
  search?: string;
  from?: string;
  to?: string;
}

export const epapersKey = (page: number, filters: EpaperFilters = {}) =>
  apiKey('GET /epaper', {
    query: { page, limit: PAGE_SIZE, search: filters.search, from: filters.from, to: filters.to },
  });
export const epaperKey = (id: string) => apiKey('GET /epaper/detail/{id}', { params: { id } });

export const [useEpapers, useEpaper, revalidateEpapers] = listReads('/epaper', epapersKey, epaperKey);

export function createEpaper(input: EpaperInput) {
  return api('POST /epaper/create', { body: input });
}

/** Saves the whole form at the version read; 409 when someone saved in between. */
export function updateEpaper(edition: Pick<EpaperDetail, '_id' | 'version'>, input: EpaperInput) {
  return api('PATCH /epaper/{id}', { params: { id: edition._id }, body: { ...input, version: edition.version } });
}

/** CONTRACT.md §7: the Publish / Un-Publish toggle sends only the status (and the version read). */
export function setEpaperStatus(edition: Pick<EpaperRow, '_id' | 'version'>, status: EpaperStatus) {
  return api('PATCH /epaper/{id}', { params: { id: edition._id }, body: { version: edition.version, status } });
}
