import { epaperSchema } from '../../shared/schemas/epaper';
import { createHandler, paging, parseWith, reply, routeParam, signedInUser } from '../lib/http';
import { createEpaper, findEpaper, findEpapers, updateEpaper } from './service';

export const handler = createHandler('epaper', {
  'GET /epaper': (req) => {
    const { page, limit } = paging(req.query);
    return findEpapers(req.query, page, limit);
  },
  'GET /epaper/detail/{id}': (req) => findEpaper(signedInUser(req), routeParam(req, 'id')),
  'POST /epaper/create': async (req) =>
    reply(201, await createEpaper(signedInUser(req), parseWith(epaperSchema, req.body))),
  'PATCH /epaper/{id}': (req) => updateEpaper(signedInUser(req), routeParam(req, 'id'), req.body),
});
