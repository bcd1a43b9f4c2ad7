/** The site's own settings: every signed-in user reads them (SPEC §6); writing needs Edit on Site. */
import { type SiteBranding, type SiteSettings, siteSchema, siteUpdateSchema } from '../schemas/site';
import { type ApiRoute, need, PUBLIC, returns, SIGNED_IN } from './kit';

export const SITE_ROUTES = [
  {
    method: 'GET',
    path: '/site-management',
    lambda: 'site-management',
    access: SIGNED_IN,
    summary: 'The site record',
    result: returns<SiteSettings | null>(),
  },
  {
    method: 'GET',
    path: '/site-management/siteDetail',
    lambda: 'site-management',
    access: PUBLIC,
    summary: 'Public branding: _id, site name, logo and favicon urls, SEO title',
    result: returns<SiteBranding | null>(),
  },
  {
    method: 'POST',
    path: '/site-management',
    lambda: 'site-management',
    access: need('Site', 'Edit'),
    summary: 'Create the site record',
    body: siteSchema,
    result: returns<SiteSettings>(),
  },
  {
    method: 'PATCH',
    path: '/site-management/{id}',
    lambda: 'site-management',
    access: need('Site', 'Edit'),
    summary: 'Update the site record',
    body: siteUpdateSchema,
    result: returns<SiteSettings>(),
  },
] as const satisfies readonly ApiRoute[];
