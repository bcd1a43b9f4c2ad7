import useSWR from 'swr';
import { APP_NAME, DEFAULT_SITE_TITLE } from '../../../shared/constants';

/** The public branding record of `GET /site-management/siteDetail` (null until the site is set up). */
export interface SiteDetail {
  _id: string;
  siteName?: string;
  siteLogo?: { url?: string } | null;
  siteFavicon?: { url?: string } | null;
  seo?: { title?: string } | null;
}

export interface SiteBrand {
  /** The document title: the SEO title, else the site name, else 'Blog'. */
  title: string;
  /** The name shown next to or instead of the logo: the site name, else the app name. */
  name: string;
  logoUrl?: string;
  faviconUrl?: string;
  loaded: boolean;
}

export function brandOf(site: SiteDetail | null | undefined): Omit<SiteBrand, 'loaded'> {
  const siteName = site?.siteName?.trim();
  return {
    title: site?.seo?.title?.trim() || siteName || DEFAULT_SITE_TITLE,
    name: siteName || APP_NAME,
    logoUrl: site?.siteLogo?.url || undefined,
    faviconUrl: site?.siteFavicon?.url || undefined,
  };
}

export function useSiteBrand(): SiteBrand {
  const { data, isLoading } = useSWR<SiteDetail | null>('/site-management/siteDetail', {
    revalidateOnFocus: false,
  });
  return { ...brandOf(data), loaded: !isLoading };
}
