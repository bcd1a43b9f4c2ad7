import { menuSchema, menuUpdateSchema } from '../../shared/schemas/menu';
import { createHandler, paging, parseWith, reply, routeParam } from '../lib/http';
import { createMenu, findMenu, findMenus, updateMenu } from './service';

export const handler = createHandler('menu', {
  'GET /menu': (req) => {
    const { page, limit } = paging(req.query);
    return findMenus(page, limit);
  },
  'GET /menu/{id}': (req) => findMenu(routeParam(req, 'id')),
  'POST /menu/create': async (req) => reply(201, await createMenu(parseWith(menuSchema, req.body))),
  'PATCH /menu/{id}': (req) => updateMenu(routeParam(req, 'id'), parseWith(menuUpdateSchema, req.body)),
});
