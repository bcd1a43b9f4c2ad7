import { siteSchema, siteUpdateSchema } from '../../shared/schemas/site';
import { createHandler, parseWith, reply, routeParam, signedInUser } from '../lib/http';
import { createSite, readSite, siteDetail, updateSite } from './service';

export const handler = createHandler('site-management', {
  'GET /site-management': () => readSite(),
  'GET /site-management/siteDetail': () => siteDetail(),
  'POST /site-management': async (req) =>
    reply(201, await createSite(signedInUser(req), parseWith(siteSchema, req.body), req.ip)),
  'PATCH /site-management/{id}': (req) =>
    updateSite(signedInUser(req), routeParam(req, 'id'), parseWith(siteUpdateSchema, req.body), req.ip),
});
