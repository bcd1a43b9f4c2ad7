import { MENU_ROUTES } from '../../shared/routes/menus';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { deleteFromTrash, listTrash, moveToTrash, restoreFromTrash } from '../trash/service';
import { MENU_TRASH } from './model';
import { createMenu, findMenu, findMenus, updateMenu } from './service';

export const handler = createHandler('menu', MENU_ROUTES, {
  'GET /menu': (req) => findMenus(req.query.page, req.query.limit),
  'GET /menu/{id}': (req) => findMenu(routeParam(req, 'id')),
  'POST /menu/create': async (req) => reply(201, await createMenu(req.body)),
  'PATCH /menu/{id}': (req) => updateMenu(routeParam(req, 'id'), req.body),
  // The trash (functions/trash/): Remove on the resource.
  'DELETE /menu/{id}': (req) => moveToTrash(MENU_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'GET /menu/trash': (req) => listTrash(MENU_TRASH, req.query.page, req.query.limit),
  'POST /menu/trash/{id}/restore': (req) =>
    restoreFromTrash(MENU_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'DELETE /menu/trash/{id}': (req) => deleteFromTrash(MENU_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
});
