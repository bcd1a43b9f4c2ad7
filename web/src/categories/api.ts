/** Categories: the tree, the picker list and the writes of CONTRACT.md §7. */
import { mutate } from 'swr';
import type { CategoryInput, CategoryUpdateInput } from '../../../shared/schemas/category';
import { api } from '../api/client';
import { apiKey, useApi } from '../api/use-api';

export type { CategoryNode, CategoryOption, CategoryRecord } from '../../../shared/schemas/category';

export const CATEGORY_TREE_KEY = apiKey('GET /category/');
export const CATEGORY_LIST_KEY = apiKey('GET /category/list');

export function useCategoryTree() {
  return useApi(CATEGORY_TREE_KEY);
}

export function useCategoryList() {
  return useApi(CATEGORY_LIST_KEY);
}

/** After a write: the tree and every picker re-read. */
export function revalidateCategories(): Promise<unknown> {
  return mutate((key) => key === CATEGORY_TREE_KEY || key === CATEGORY_LIST_KEY);
}

export function createCategory(body: CategoryInput) {
  return api('POST /category/create', { body });
}

export function updateCategory(id: string, body: CategoryUpdateInput) {
  return api('PATCH /category/{id}', { params: { id }, body });
}
