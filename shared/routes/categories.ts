/** Categories (a tree; CONTRACT.md §7 spells the picker list `/category/list`). */
import {
  type CategoryNode,
  type CategoryOption,
  type CategoryRecord,
  categorySchema,
  categoryUpdateSchema,
} from '../schemas/category';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, lambdaRoutes, need, returns, SIGNED_IN } from './kit';
import { trashRoutes } from './trash';

const category = lambdaRoutes('category');

export const CATEGORY_ROUTES = [
  category.get('/category/', need('Category', 'Read'), 'Category tree', { result: returns<CategoryNode[]>() }),
  category.get('/category/list', SIGNED_IN, 'Flat category list for pickers (articles and ads need it)', {
    result: returns<CategoryOption[]>(),
  }),
  category.post('/category/create', need('Category', 'Write'), 'Create a category', {
    body: categorySchema,
    result: returns<CategoryRecord>(),
  }),
  category.patch('/category/{id}', need('Category', 'Edit'), 'Update a category', {
    body: categoryUpdateSchema,
    result: returns<CategoryRecord>(),
  }),
  ...trashRoutes(TRASHABLE_RESOURCES.category),
] as const satisfies readonly ApiRoute[];
