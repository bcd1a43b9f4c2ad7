import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createAdvertisement, findAdvertisement, findAdvertisements, updateAdvertisement } from './service';

export const handler = createHandler('advertisement', {
  'GET /advertisement': (req) => findAdvertisements(req.query),
  'GET /advertisement/{id}': (req) => findAdvertisement(routeParam(req, 'id')),
  'POST /advertisement': async (req) => reply(201, await createAdvertisement(signedInUser(req), req.body)),
  'PATCH /advertisement/{id}': (req) => updateAdvertisement(routeParam(req, 'id'), req.body),
});
