import { useEffect } from 'react';
import { rememberSiteId, useSiteBrand } from './use-site-detail';

/**
 * Applies the site's title and favicon to the document (CONTRACT.md §1) and keeps the site id (CONTRACT.md §7); renders
 * nothing.
 */
export function SiteBranding() {
  const brand = useSiteBrand();

  useEffect(() => {
    document.title = brand.title;
  }, [brand.title]);

  useEffect(() => {
    rememberSiteId(brand.siteId);
  }, [brand.siteId]);

  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!brand.faviconUrl && !link) return;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    // A removed favicon goes back to none ('data:,' as in index.html), not the browser's guess of /favicon.ico.
    link.href = brand.faviconUrl ?? 'data:,';
  }, [brand.faviconUrl]);

  return null;
}
