/** The site's own settings: every signed-in user reads them (CONTRACT.md §6); writing needs Edit on Site. */
import type { ListPage } from '../schemas/common';
import { type ContentKeyView, type CreatedContentKey, contentKeyCreateSchema } from '../schemas/content-key';
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
  // Keys to the delivery API: who may change the site may hand out its content, so all three need Edit.
  siteManagement.get('/site-management/content-keys', siteManagement.can.edit, 'Content API keys, live and revoked', {
    result: returns<ListPage<ContentKeyView>>(),
  }),
  siteManagement.post('/site-management/content-keys', siteManagement.can.edit, 'Make a content API key (shown once)', {
    body: contentKeyCreateSchema,
    result: returns<CreatedContentKey>(),
  }),
  siteManagement.post(
    '/site-management/content-keys/{id}/revoke',
    siteManagement.can.edit,
    'Revoke a content API key for good',
    { result: returns<ContentKeyView>() },
  ),
] as const satisfies readonly ApiRoute[];
