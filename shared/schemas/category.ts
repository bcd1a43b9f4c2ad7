/** Categories (CONTRACT.md §3, §5). */
import { idField, linkField, optionalText, requiredText, versionField } from './common';
import { slugField } from './slug-field';
import * as z from './z';

/** Slugs live in shared/slug.ts; re-exported for older importers (the list benchmark). */
export { slugify } from '../slug';

export const seoField = z.object({
  title: optionalText(200),
  description: optionalText(500),
  metaTags: z.optional(
    z
      .array(
        z.object({
          property: z.string().check(z.trim(), z.maxLength(100)),
          content: z.string().check(z.trim(), z.maxLength(500)),
        }),
      )
      .check(z.maxLength(20, 'At most 20 meta tags')),
  ),
});

/**
 * The parent's id, or null for a top-level category. CONTRACT.md §3 sends it as a list (`parent: [id]`, `[]` for none),
 * so that form is accepted too, with at most one id.
 */
const PARENT_MESSAGE = 'A category has one parent: send its id, or a list of at most one id';
const parentField = z.pipe(
  z
    .union([z.nullable(idField), z.array(idField)])
    .check(z.refine((value) => !Array.isArray(value) || value.length <= 1, PARENT_MESSAGE)),
  z.transform((value) => (Array.isArray(value) ? (value[0] ?? null) : value)),
);

/**
 * Two categories under one parent (or both at the top) may not share a name, compared without case, accents or
 * look-alike letters (functions/category/model.ts, categoryNameKey): 409 with this text, on the Name field.
 */
export const CATEGORY_NAME_TAKEN = 'A category with this name already exists under the same parent';

export const categorySchema = z.object({
  name: requiredText('Name is required', 100),
  url: linkField({ max: 500 }),
  /** Made from the name when empty or left out (in the site's slug style); stored normalized (shared/slug.ts). */
  slug: slugField,
  description: optionalText(2000),
  parent: z.optional(parentField),
  image: z.optional(z.nullable(idField)),
  seo: z.optional(seoField),
});
export type CategoryInput = z.infer<typeof categorySchema>;

export const categoryUpdateSchema = z.extend(categorySchema, {
  version: versionField,
  active: z.optional(z.boolean()),
});
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;

// ---- What the API returns (types only) ----

/** A category as stored and returned (POST /category/create, PATCH /category/{id}). */
export interface CategoryRecord {
  _id: string;
  name: string;
  url: string;
  slug: string;
  description: string;
  parent: string | null;
  /** The file as the form shows it; `name` lets editors without Read on Media see it (older records lack it). */
  image: { _id: string; url: string; name?: string } | null;
  active: boolean;
  seo: { title: string; description: string; metaTags: { property: string; content: string }[] };
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A node of GET /category/: the category and its subcategories, each level sorted by name. */
export interface CategoryNode extends CategoryRecord {
  children: CategoryNode[];
}

/** One row of GET /category/list (pickers), sorted by name. */
export type CategoryOption = Pick<CategoryRecord, '_id' | 'name' | 'slug' | 'parent' | 'active'>;
