import { createHandler } from '../auth/gate';
import { reply, routeParam } from '../lib/http';
import { categoryList, categoryTree, createCategory, updateCategory } from './service';

export const handler = createHandler('category', {
  'GET /category/': () => categoryTree(),
  'GET /category/list': () => categoryList(),
  'POST /category/create': async (req) => reply(201, await createCategory(req.body)),
  'PATCH /category/{id}': (req) => updateCategory(routeParam(req, 'id'), req.body),
});
