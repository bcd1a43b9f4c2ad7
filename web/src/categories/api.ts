/** Categories: the tree, the picker list and the writes of SPEC §7. */
import useSWR, { mutate } from 'swr';
import type { CategoryInput, CategoryUpdateInput } from '../../../shared/schemas/category';
import { api } from '../api/client';

export interface MetaTag {
  property: string;
  content: string;
}

export interface CategoryNode {
  _id: string;
  name: string;
  url: string;
  slug: string;
  description: string;
  parent: string | null;
  image: { _id: string; url: string; name?: string } | null;
  active: boolean;
  seo: { title: string; description: string; metaTags: MetaTag[] };
  version: number;
  children: CategoryNode[];
}

/** One row of `GET /category/list` (pickers), sorted by name. */
export interface CategoryOption {
  _id: string;
  name: string;
  slug: string;
  parent: string | null;
  active: boolean;
}

export const CATEGORY_TREE_KEY = '/category/';
export const CATEGORY_LIST_KEY = '/category/list';

export function useCategoryTree() {
  return useSWR<CategoryNode[]>(CATEGORY_TREE_KEY);
}

export function useCategoryList() {
  return useSWR<CategoryOption[]>(CATEGORY_LIST_KEY);
}

/** After a write: the tree and every picker re-read. */
export function revalidateCategories(): Promise<unknown> {
  return mutate((key) => key === CATEGORY_TREE_KEY || key === CATEGORY_LIST_KEY);
}

export function createCategory(body: CategoryInput): Promise<CategoryNode> {
  return api<CategoryNode>('/category/create', { method: 'POST', body });
}

export function updateCategory(id: string, body: CategoryUpdateInput): Promise<CategoryNode> {
  return api<CategoryNode>(`/category/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}
