/** Site details (SPEC §7 Site): the one record, read whole for the form and written with its version. */
import useSWR, { mutate } from 'swr';
import type { SiteInput, SiteUpdateInput } from '../../../shared/schemas/site';
import { api } from '../api/client';
import { rememberSiteId, SITE_DETAIL_KEY } from './use-site-detail';

export interface SiteRecord {
  _id: string;
  siteName: string;
  siteLogo: { _id: string; url: string } | null;
  siteFavicon: { _id: string; url: string } | null;
  googleAnalytics: string;
  facebookAnalytics: string;
  footerCopyright: string;
  facebookProfile: string;
  twitterProfile: string;
  instagramProfile: string;
  linkedInProfile: string;
  seo: { title: string; description: string; metaTags: { property?: string; content: string }[] };
  version: number;
}

export const SITE_KEY = '/site-management';
/** The record, or null before the site is set up. A form must not be refilled behind the user's back. */
export function useSite() {
  return useSWR<SiteRecord | null>(SITE_KEY, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

export function createSite(body: SiteInput): Promise<SiteRecord> {
  return api<SiteRecord>(SITE_KEY, { method: 'POST', body });
}

export function updateSite(id: string, body: SiteUpdateInput): Promise<SiteRecord> {
  return api<SiteRecord>(`${SITE_KEY}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** After a save: the form starts again from the saved record, and the app's title, favicon and logo follow at once. */
export async function afterSiteSaved(site: SiteRecord): Promise<void> {
  rememberSiteId(site._id);
  await Promise.all([mutate(SITE_KEY, site, { revalidate: false }), mutate(SITE_DETAIL_KEY)]);
}
