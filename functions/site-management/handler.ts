import { SITE_ROUTES } from '../../shared/routes/site';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createContentKey, listContentKeys, revokeContentKey } from './content-keys';
import { createSite, readSite, siteDetail, updateSite } from './service';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  updateWebhook,
} from './webhooks';

export const handler = createHandler('site-management', SITE_ROUTES, {
  'GET /site-management': () => readSite(),
  'GET /site-management/siteDetail': () => siteDetail(),
  'POST /site-management': async (req) => reply(201, await createSite(signedInUser(req), req.body, req.ip)),
  'PATCH /site-management/{id}': (req) => updateSite(signedInUser(req), routeParam(req, 'id'), req.body, req.ip),
  'GET /site-management/content-keys': () => listContentKeys(),
  'POST /site-management/content-keys': async (req) =>
    reply(201, await createContentKey(signedInUser(req), req.body, req.ip)),
  'POST /site-management/content-keys/{id}/revoke': (req) =>
    revokeContentKey(signedInUser(req), routeParam(req, 'id'), req.ip),
  'GET /site-management/webhooks': () => listWebhooks(),
  'POST /site-management/webhooks': async (req) => reply(201, await createWebhook(signedInUser(req), req.body, req.ip)),
  'PATCH /site-management/webhooks/{id}': (req) =>
    updateWebhook(signedInUser(req), routeParam(req, 'id'), req.body, req.ip),
  'DELETE /site-management/webhooks/{id}': (req) => deleteWebhook(signedInUser(req), routeParam(req, 'id'), req.ip),
  'GET /site-management/webhooks/{id}/deliveries': (req) => listWebhookDeliveries(routeParam(req, 'id')),
  'POST /site-management/webhooks/{id}/deliveries/{deliveryId}/redeliver': (req) =>
    redeliverWebhook(signedInUser(req), routeParam(req, 'id'), routeParam(req, 'deliveryId'), req.ip),
});
