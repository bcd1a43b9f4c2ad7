/** The site's own settings: every signed-in user reads them (CONTRACT.md §6); writing needs Edit on Site. */
import type { ListPage } from '../schemas/common';
import { type ContentKeyView, type CreatedContentKey, contentKeyCreateSchema } from '../schemas/content-key';
import { type SiteBranding, type SiteSettings, siteSchema, siteUpdateSchema } from '../schemas/site';
import {
  type CreatedWebhook,
  type WebhookDeliveryView,
  type WebhookRedelivery,
  type WebhookView,
  webhookCreateSchema,
  webhookUpdateSchema,
} from '../schemas/webhook';
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
  // Webhooks send published content's changes to an address of the admin's choosing, signed with a secret that
  // is shown once: like the content keys, every call needs Edit, reading them too.
  siteManagement.get('/site-management/webhooks', siteManagement.can.edit, 'Webhooks, enabled and switched off', {
    result: returns<ListPage<WebhookView>>(),
  }),
  siteManagement.post('/site-management/webhooks', siteManagement.can.edit, 'Add a webhook (its secret shown once)', {
    body: webhookCreateSchema,
    result: returns<CreatedWebhook>(),
  }),
  siteManagement.patch(
    '/site-management/webhooks/{id}',
    siteManagement.can.edit,
    "Change a webhook's name, address or events, or switch it on or off",
    { body: webhookUpdateSchema, result: returns<WebhookView>() },
  ),
  siteManagement.delete('/site-management/webhooks/{id}', siteManagement.can.edit, 'Remove a webhook for good', {
    result: returns<{ _id: string }>(),
  }),
  siteManagement.get(
    '/site-management/webhooks/{id}/deliveries',
    siteManagement.can.edit,
    "A webhook's delivery log, newest attempt first",
    { result: returns<ListPage<WebhookDeliveryView>>() },
  ),
  siteManagement.post(
    '/site-management/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    siteManagement.can.edit,
    'Queue a logged delivery again',
    { result: returns<WebhookRedelivery>() },
  ),
] as const satisfies readonly ApiRoute[];
