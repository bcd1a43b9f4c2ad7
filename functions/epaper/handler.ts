import { EPAPER_ROUTES } from '../../shared/routes/epaper';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { deleteFromTrash, listTrash, moveToTrash, restoreFromTrash } from '../trash/service';
import { EPAPER_TRASH } from './model';
import { createEpaper, findEpaper, findEpapers, updateEpaper } from './service';

export const handler = createHandler('epaper', EPAPER_ROUTES, {
  'GET /epaper': (req) => findEpapers(req.query),
  'GET /epaper/detail/{id}': (req) => findEpaper(signedInUser(req), routeParam(req, 'id')),
  'POST /epaper/create': async (req) => reply(201, await createEpaper(signedInUser(req), req.body)),
  'PATCH /epaper/{id}': (req) => updateEpaper(signedInUser(req), routeParam(req, 'id'), req.body),
  // The trash (functions/trash/): Remove on the resource.
  'DELETE /epaper/{id}': (req) => moveToTrash(EPAPER_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'GET /epaper/trash': (req) => listTrash(EPAPER_TRASH, req.query.page, req.query.limit),
  'POST /epaper/trash/{id}/restore': (req) =>
    restoreFromTrash(EPAPER_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'DELETE /epaper/trash/{id}': (req) => deleteFromTrash(EPAPER_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
});
