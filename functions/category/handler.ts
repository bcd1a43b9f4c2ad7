import { categorySchema, categoryUpdateSchema } from '../../shared/schemas/category';
import { createHandler, parseWith, reply, routeParam } from '../lib/http';
import { categoryList, categoryTree, createCategory, updateCategory } from './service';

export const handler = createHandler('category', {
  'GET /category/': () => categoryTree(),
  'GET /category/list': () => categoryList(),
  'POST /category/create': async (req) => reply(201, await createCategory(parseWith(categorySchema, req.body))),
  'PATCH /category/{id}': (req) => updateCategory(routeParam(req, 'id'), parseWith(categoryUpdateSchema, req.body)),
});
