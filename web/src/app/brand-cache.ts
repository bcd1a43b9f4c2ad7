/**
 * The site's branding as the last visit read it, kept in localStorage: the login screen and the shell show the
 * site's name, logo and title from it at once, while GET /site-management/siteDetail reads it again in the
 * background (SWR's fallback: the cached copy is shown, then replaced by the answer, which is kept in turn).
 */
import type { SiteBranding } from '../../../shared/schemas/site';

export const BRAND_STORAGE_KEY = 'siteBranding';

const isAsset = (value: unknown) =>
  value === null || (typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string');

/** A stored copy that still has the record's shape; anything else (an older app's, a hand edit) is ignored. */
function isBranding(value: unknown): value is SiteBranding {
  if (typeof value !== 'object' || value === null) return false;
  const site = value as Record<string, unknown>;
  return (
    typeof site._id === 'string' &&
    typeof site.siteName === 'string' &&
    isAsset(site.siteLogo) &&
    isAsset(site.siteFavicon) &&
    typeof site.seo === 'object' &&
    site.seo !== null &&
    typeof (site.seo as { title?: unknown }).title === 'string'
  );
}

export function cachedBranding(): SiteBranding | undefined {
  try {
    const stored = window.localStorage.getItem(BRAND_STORAGE_KEY);
    const value: unknown = stored ? JSON.parse(stored) : undefined;
    return isBranding(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps what the API answered; a site with no record yet (null) keeps nothing. */
export function rememberBranding(site: SiteBranding | null | undefined): void {
  try {
    if (isBranding(site)) window.localStorage.setItem(BRAND_STORAGE_KEY, JSON.stringify(site));
    else if (site === null) window.localStorage.removeItem(BRAND_STORAGE_KEY);
  } catch {
    // Storage full or unavailable: the branding is read from the API as before.
  }
}
