import { useEffect } from 'react';
import { useSiteBrand } from './use-site-detail';

/** Applies the site's title and favicon to the document (SPEC §1); renders nothing. */
export function SiteBranding() {
  const brand = useSiteBrand();

  useEffect(() => {
    document.title = brand.title;
  }, [brand.title]);

  useEffect(() => {
    if (!brand.faviconUrl) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = brand.faviconUrl;
  }, [brand.faviconUrl]);

  return null;
}
