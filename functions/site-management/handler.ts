import { SITE_ROUTES } from '../../shared/routes/site';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createContentKey, listContentKeys, revokeContentKey } from './content-keys';
import { createSite, readSite, siteDetail, updateSite } from './service';

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
});
