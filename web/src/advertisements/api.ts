/**
 * Advertisements: the reads (SWR, keyed by API path) and the writes of CONTRACT.md §7, and the client picker's list.
 */
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import type { AdvertisementDetail, AdvertisementInput } from '../../../shared/schemas/advertisement';
import { api } from '../api/client';
import { apiKey, listReads, useApi } from '../api/use-api';

export type { AdvertisementDetail, AdvertisementRow } from '../../../shared/schemas/advertisement';

export interface AdvertisementFilters {
  search?: string;
  /** Category ids; an ad in any of them matches. */
  categories?: string[];
  /** Instants (ISO): ads running at some time between them (the local day picked in the filter panel). */
  from?: string;
  to?: string;
}

export const advertisementsKey = (page: number, filters: AdvertisementFilters = {}) =>
  apiKey('GET /advertisement', {
    query: {
      page,
      limit: SHARED_PAGE_SIZE,
      search: filters.search,
      categories: filters.categories?.join(','),
      from: filters.from,
      to: filters.to,
    },
  });
export const advertisementKey = (id: string) => apiKey('GET /advertisement/{id}', { params: { id } });
export const adFlightKey = (id: string) => apiKey('GET /advertisement/{id}/flight', { params: { id } });
/** Every client's id and name, for the form's picker (readable by anyone who may write ads). */
export const CLIENT_OPTIONS_KEY = apiKey('GET /client', { query: { all: 'true' } });

export const [useAdvertisements, useAdvertisement, revalidateAdvertisements] = listReads(
  '/advertisement',
  advertisementsKey,
  advertisementKey,
);

/** An ad's delivery day by day (UTC): counted as readers see it, so it re-reads when the tab comes back. */
export function useAdFlight(id: string) {
  return useApi(adFlightKey(id));
}

export function useClientOptions() {
  return useApi(CLIENT_OPTIONS_KEY, { revalidateOnFocus: false });
}

export function createAdvertisement(body: AdvertisementInput) {
  return api('POST /advertisement', { body });
}

/** PATCH /advertisement/{id} with the same fields plus the version read; 409 when someone saved since. */
export function updateAdvertisement(ad: Pick<AdvertisementDetail, '_id' | 'version'>, changes: AdvertisementInput) {
  return api('PATCH /advertisement/{id}', { params: { id: ad._id }, body: { ...changes, version: ad.version } });
}
