/** The category modal's form values: what a new or a stored category fills in. Pure. */
import { categoryUpdateSchema } from '../../../shared/schemas/category';
import * as z from '../../../shared/schemas/z';
import type { CategoryNode } from './api';

/**
 * The modal's fields: those of the category (CONTRACT.md §3), plus Active when editing; version comes from the record.
 */
export const categoryFormSchema = z.omit(categoryUpdateSchema, { version: true });
export type CategoryForm = z.input<typeof categoryFormSchema>;
export type CategoryValues = z.output<typeof categoryFormSchema>;

export const EMPTY_CATEGORY_FORM: CategoryForm = {
  name: '',
  url: '',
  slug: '',
  description: '',
  parent: null,
  image: null,
  seo: { title: '', description: '', metaTags: [] },
};

export const toCategoryForm = (category: CategoryNode): CategoryForm => ({
  name: category.name,
  url: category.url ?? '',
  slug: category.slug ?? '',
  description: category.description ?? '',
  parent: category.parent ?? null,
  image: category.image?._id ?? null,
  seo: {
    title: category.seo?.title ?? '',
    description: category.seo?.description ?? '',
    metaTags: (category.seo?.metaTags ?? []).map(({ property, content }) => ({ property, content })),
  },
  active: category.active,
});
