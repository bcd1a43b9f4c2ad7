import { CATEGORY_ROUTES } from '../../shared/routes/categories';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { deleteFromTrash, listTrash, moveToTrash, restoreFromTrash } from '../trash/service';
import { categoryList, categoryTree, createCategory, updateCategory } from './service';
import { CATEGORY_TRASH } from './trash';

export const handler = createHandler('category', CATEGORY_ROUTES, {
  'GET /category/': () => categoryTree(),
  'GET /category/list': () => categoryList(),
  'POST /category/create': async (req) => reply(201, await createCategory(req.body)),
  'PATCH /category/{id}': (req) => updateCategory(routeParam(req, 'id'), req.body),
  // The trash (functions/trash/): Remove on the resource.
  'DELETE /category/{id}': (req) => moveToTrash(CATEGORY_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'GET /category/trash': (req) => listTrash(CATEGORY_TRASH, req.query.page, req.query.limit),
  'POST /category/trash/{id}/restore': (req) =>
    restoreFromTrash(CATEGORY_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'DELETE /category/trash/{id}': (req) =>
    deleteFromTrash(CATEGORY_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
});
