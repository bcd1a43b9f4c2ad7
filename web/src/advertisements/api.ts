/** Advertisements: the reads (SWR, keyed by API path) and the writes of SPEC §7, and the client picker's list. */
import useSWR, { mutate } from 'swr';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import type { AdImage, AdPosition, AdvertisementInput } from '../../../shared/schemas/advertisement';
import { api, apiUrl } from '../api/client';
import type { ListPage } from '../api/list';
import type { MediaRef, NamedRef } from '../api/refs';

/** One row of GET /advertisement. Client, category and creator names are as of the ad's last save. */
export interface AdvertisementRow {
  _id: string;
  title: string;
  url: string;
  client: NamedRef;
  categories: NamedRef[];
  position: AdPosition;
  startDate: string;
  endDate: string;
  maxImpressionAllowed: number;
  views: number;
  clicks: number;
  isFeatured: boolean;
  user: NamedRef;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** GET /advertisement/{id}: the row with ids in place of the client and category names, and the images. */
export interface AdvertisementDetail extends Omit<AdvertisementRow, 'client' | 'categories'> {
  description: string;
  client: string;
  clientName: string;
  categories: string[];
  images: AdImage[];
  media: Record<string, MediaRef>;
}

export interface AdvertisementFilters {
  search?: string;
  /** Category ids; an ad in any of them matches. */
  categories?: string[];
  /** Instants (ISO): ads running at some time between them (the local day picked in the filter panel). */
  from?: string;
  to?: string;
}

export function advertisementsKey(page: number, filters: AdvertisementFilters = {}): string {
  const url = apiUrl('/advertisement', {
    page,
    limit: SHARED_PAGE_SIZE,
    search: filters.search,
    categories: filters.categories?.join(','),
    from: filters.from,
    to: filters.to,
  });
  // SWR keys are API paths without the /api base, as elsewhere in the app.
  return url.slice(url.indexOf('/advertisement'));
}
export const advertisementKey = (id: string) => `/advertisement/${encodeURIComponent(id)}`;
/** Every client's id and name, for the form's picker (readable by anyone who may write ads). */
export const CLIENT_OPTIONS_KEY = '/client?all=true';

export function useAdvertisements(page: number, filters: AdvertisementFilters = {}) {
  return useSWR<ListPage<AdvertisementRow>>(advertisementsKey(page, filters), { keepPreviousData: true });
}

export function useAdvertisement(id: string | undefined) {
  // A form must not be refilled behind the user's back; it re-reads only on Reload.
  return useSWR<AdvertisementDetail>(id ? advertisementKey(id) : null, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}

export function useClientOptions() {
  return useSWR<ListPage<NamedRef & { email?: string }>>(CLIENT_OPTIONS_KEY, { revalidateOnFocus: false });
}

/** After a write: every cached ad list re-reads, and the one ad if given. */
export function revalidateAdvertisements(id?: string): Promise<unknown> {
  return mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith('/advertisement?') || (id !== undefined && key === advertisementKey(id))),
  );
}

export function createAdvertisement(body: AdvertisementInput): Promise<AdvertisementDetail> {
  return api<AdvertisementDetail>('/advertisement', { method: 'POST', body });
}

/** PATCH /advertisement/{id} with the same fields plus the version read; 409 when someone saved since. */
export function updateAdvertisement(
  ad: Pick<AdvertisementDetail, '_id' | 'version'>,
  changes: AdvertisementInput,
): Promise<AdvertisementDetail> {
  return api<AdvertisementDetail>(advertisementKey(ad._id), {
    method: 'PATCH',
    body: { ...changes, version: ad.version },
  });
}
