/** Categories (a tree; SPEC spells the picker list `/category/list`). */
import {
  type CategoryNode,
  type CategoryOption,
  type CategoryRecord,
  categorySchema,
  categoryUpdateSchema,
} from '../schemas/category';
import { type ApiRoute, need, returns, SIGNED_IN } from './kit';

export const CATEGORY_ROUTES = [
  {
    method: 'GET',
    path: '/category/',
    lambda: 'category',
    access: need('Category', 'Read'),
    summary: 'Category tree',
    result: returns<CategoryNode[]>(),
  },
  {
    method: 'GET',
    path: '/category/list',
    lambda: 'category',
    access: SIGNED_IN,
    summary: 'Flat category list for pickers (articles and ads need it)',
    result: returns<CategoryOption[]>(),
  },
  {
    method: 'POST',
    path: '/category/create',
    lambda: 'category',
    access: need('Category', 'Write'),
    summary: 'Create a category',
    body: categorySchema,
    result: returns<CategoryRecord>(),
  },
  {
    method: 'PATCH',
    path: '/category/{id}',
    lambda: 'category',
    access: need('Category', 'Edit'),
    summary: 'Update a category',
    body: categoryUpdateSchema,
    result: returns<CategoryRecord>(),
  },
] as const satisfies readonly ApiRoute[];
