import { createHandler } from '../auth/gate';
import { reply, routeParam } from '../lib/http';
import { createMenu, findMenu, findMenus, updateMenu } from './service';

export const handler = createHandler('menu', {
  'GET /menu': (req) => findMenus(req.query.page, req.query.limit),
  'GET /menu/{id}': (req) => findMenu(routeParam(req, 'id')),
  'POST /menu/create': async (req) => reply(201, await createMenu(req.body)),
  'PATCH /menu/{id}': (req) => updateMenu(routeParam(req, 'id'), req.body),
});
