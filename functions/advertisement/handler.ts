import { SHARED_PAGE_SIZE } from '../../shared/constants';
import { advertisementSchema, advertisementUpdateSchema } from '../../shared/schemas/advertisement';
import { createHandler, paging, parseWith, reply, routeParam, signedInUser } from '../lib/http';
import { createAdvertisement, findAdvertisement, findAdvertisements, updateAdvertisement } from './service';

export const handler = createHandler('advertisement', {
  'GET /advertisement': (req) => {
    const { page, limit } = paging(req.query, SHARED_PAGE_SIZE);
    return findAdvertisements(req.query, page, limit);
  },
  'GET /advertisement/{id}': (req) => findAdvertisement(routeParam(req, 'id')),
  'POST /advertisement': async (req) =>
    reply(201, await createAdvertisement(signedInUser(req), parseWith(advertisementSchema, req.body))),
  'PATCH /advertisement/{id}': (req) =>
    updateAdvertisement(routeParam(req, 'id'), parseWith(advertisementUpdateSchema, req.body)),
});
