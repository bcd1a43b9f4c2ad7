import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createEpaper, findEpaper, findEpapers, updateEpaper } from './service';

export const handler = createHandler('epaper', {
  'GET /epaper': (req) => findEpapers(req.query),
  'GET /epaper/detail/{id}': (req) => findEpaper(signedInUser(req), routeParam(req, 'id')),
  'POST /epaper/create': async (req) => reply(201, await createEpaper(signedInUser(req), req.body)),
  'PATCH /epaper/{id}': (req) => updateEpaper(signedInUser(req), routeParam(req, 'id'), req.body),
});
