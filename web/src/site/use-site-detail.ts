import { APP_NAME, DEFAULT_SITE_TITLE } from '../../../shared/constants';
import type { SiteBranding } from '../../../shared/schemas/site';
import { apiKey, useApi } from '../api/use-api';

/** The SWR key of the branding record; revalidate it after the site details change. */
export const SITE_DETAIL_KEY = apiKey('GET /site-management/siteDetail');

/** CONTRACT.md §7: the site's _id is kept in local storage under this key. */
export const SITE_ID_STORAGE_KEY = 'siteId';

export function rememberSiteId(id: string | undefined): void {
  if (!id) return;
  try {
    window.localStorage.setItem(SITE_ID_STORAGE_KEY, id);
  } catch {
    // Storage unavailable: the id is only a convenience.
  }
}

export interface SiteBrand {
  /** The site record's id, once it exists (kept in local storage, CONTRACT.md §7). */
  siteId?: string;
  /** The document title: the SEO title, else the site name, else 'Blog'. */
  title: string;
  /** The name shown next to or instead of the logo: the site name, else the app name. */
  name: string;
  logoUrl?: string;
  faviconUrl?: string;
  loaded: boolean;
}

export function brandOf(site: SiteBranding | null | undefined): Omit<SiteBrand, 'loaded'> {
  const siteName = site?.siteName?.trim();
  return {
    title: site?.seo?.title?.trim() || siteName || DEFAULT_SITE_TITLE,
    siteId: site?._id || undefined,
    name: siteName || APP_NAME,
    logoUrl: site?.siteLogo?.url || undefined,
    faviconUrl: site?.siteFavicon?.url || undefined,
  };
}

export function useSiteBrand(): SiteBrand {
  const { data, isLoading } = useApi(SITE_DETAIL_KEY, { revalidateOnFocus: false });
  return { ...brandOf(data), loaded: !isLoading };
}
