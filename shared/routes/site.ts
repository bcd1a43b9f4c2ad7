/** The site's own settings: every signed-in user reads them (CONTRACT.md §6); writing needs Edit on Site. */
import { type SiteBranding, type SiteSettings, siteSchema, siteUpdateSchema } from '../schemas/site';
import { type ApiRoute, PUBLIC, recordRoutes, returns, SIGNED_IN } from './kit';

const siteManagement = recordRoutes('site-management', 'Site');

export const SITE_ROUTES = [
  siteManagement.get('/site-management', SIGNED_IN, 'The site record', { result: returns<SiteSettings | null>() }),
  siteManagement.get(
    '/site-management/siteDetail',
    PUBLIC,
    'Public branding: _id, site name, logo and favicon urls, SEO title',
    { result: returns<SiteBranding | null>() },
  ),
  // The one site record is made by whoever may edit it: Site has no Write.
  siteManagement.post('/site-management', siteManagement.can.edit, 'Create the site record', {
    body: siteSchema,
    result: returns<SiteSettings>(),
  }),
  siteManagement.update('/site-management/{id}', 'Update the site record', siteUpdateSchema, returns<SiteSettings>()),
] as const satisfies readonly ApiRoute[];
