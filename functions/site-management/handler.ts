import { createHandler } from '../lib/http';
import { getSite } from './repo';

export const handler = createHandler('site-management', {
  /** Public branding for the login page and the app shell; null until the site record exists. */
  'GET /site-management/siteDetail': async () => {
    const site = await getSite();
    if (!site) return null;
    return {
      _id: site._id,
      siteName: site.siteName,
      siteLogo: site.siteLogo ? { url: site.siteLogo.url } : null,
      siteFavicon: site.siteFavicon ? { url: site.siteFavicon.url } : null,
      seo: { title: site.seo?.title ?? '' },
    };
  },
});
