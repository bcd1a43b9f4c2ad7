/** The site's own settings: every signed-in user reads them (CONTRACT.md §6); writing needs Edit on Site. */
import { type SiteBranding, type SiteSettings, siteSchema, siteUpdateSchema } from '../schemas/site';
import { type ApiRoute, lambdaRoutes, need, PUBLIC, returns, SIGNED_IN } from './kit';

const siteManagement = lambdaRoutes('site-management');

export const SITE_ROUTES = [
  siteManagement.get('/site-management', SIGNED_IN, 'The site record', { result: returns<SiteSettings | null>() }),
  siteManagement.get(
    '/site-management/siteDetail',
    PUBLIC,
    'Public branding: _id, site name, logo and favicon urls, SEO title',
    { result: returns<SiteBranding | null>() },
  ),
  siteManagement.post('/site-management', need('Site', 'Edit'), 'Create the site record', {
    body: siteSchema,
    result: returns<SiteSettings>(),
  }),
  siteManagement.patch('/site-management/{id}', need('Site', 'Edit'), 'Update the site record', {
    body: siteUpdateSchema,
    result: returns<SiteSettings>(),
  }),
] as const satisfies readonly ApiRoute[];
