/** Categories (a tree; CONTRACT.md §7 spells the picker list `/category/list`). */
import {
  type CategoryNode,
  type CategoryOption,
  type CategoryRecord,
  categorySchema,
  categoryUpdateSchema,
} from '../schemas/category';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, recordRoutes, returns, SIGNED_IN } from './kit';
import { trashRoutes } from './trash';

const category = recordRoutes('category', 'Category');

export const CATEGORY_ROUTES = [
  category.get('/category/', category.can.read, 'Category tree', { result: returns<CategoryNode[]>() }),
  category.get('/category/list', SIGNED_IN, 'Flat category list for pickers (articles and ads need it)', {
    result: returns<CategoryOption[]>(),
  }),
  category.create('/category/create', 'Create a category', categorySchema, returns<CategoryRecord>()),
  category.update('/category/{id}', 'Update a category', categoryUpdateSchema, returns<CategoryRecord>()),
  ...trashRoutes(TRASHABLE_RESOURCES.category),
] as const satisfies readonly ApiRoute[];
