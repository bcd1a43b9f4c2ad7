/** Site details (CONTRACT.md §7 Site): the one record, read whole for the form and written with its version. */
import { mutate } from 'swr';
import type { SiteInput, SiteSettings, SiteUpdateInput } from '../../../shared/schemas/site';
import { api } from '../api/client';
import { apiKey, useEditedRecord } from '../api/use-api';
import { rememberSiteId, SITE_DETAIL_KEY } from './use-site-detail';

export type { SiteSettings as SiteRecord } from '../../../shared/schemas/site';

export const SITE_KEY = apiKey('GET /site-management');
/** The record, or null before the site is set up. A form must not be refilled behind the user's back. */
export function useSite() {
  return useEditedRecord(SITE_KEY);
}

export function createSite(body: SiteInput) {
  return api('POST /site-management', { body });
}

export function updateSite(id: string, body: SiteUpdateInput) {
  return api('PATCH /site-management/{id}', { params: { id }, body });
}

/** After a save: the form starts again from the saved record, and the app's title, favicon and logo follow at once. */
export async function afterSiteSaved(site: SiteSettings): Promise<void> {
  rememberSiteId(site._id);
  await Promise.all([mutate(SITE_KEY, site, { revalidate: false }), mutate(SITE_DETAIL_KEY)]);
}

/** Content API keys (CONTRACT.md §7 Site Management): every one, live and revoked; only for Edit on Site. */
export const CONTENT_KEYS_KEY = apiKey('GET /site-management/content-keys');

export const makeContentKey = (name: string) => api('POST /site-management/content-keys', { body: { name } });

export const revokeContentKey = (id: string) =>
  api('POST /site-management/content-keys/{id}/revoke', { params: { id } });

export const revalidateContentKeys = () => mutate(CONTENT_KEYS_KEY);
