/** Keys of categories. */
import { indexEntry } from '../lib/db/index-keys';

export const CATEGORY_ENTITY = 'CATEGORY';
export const categoryKey = (id: string) => ({ pk: `CATEGORY#${id}`, sk: 'CATEGORY' });
/** One item per slug, written in the category's transaction: slugs are unique. */
export const categorySlugKey = (slug: string) => ({ pk: `CATSLUG#${slug}`, sk: 'CATSLUG' });
/** gsi1: every category (the tree and the pickers read them all: a site has hundreds at most). */
export const CATEGORIES_PARTITION = { index: 'gsi1', partition: 'CATEGORY' } as const;
export const categoriesByCreatedAt = (createdAt: string, id: string) => indexEntry(CATEGORIES_PARTITION, createdAt, id);
