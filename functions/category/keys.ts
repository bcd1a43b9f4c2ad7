/** Keys of categories. */
import { counterKey } from '../lib/db/counter-keys';
import { indexEntry } from '../lib/db/index-keys';

export const CATEGORY_ENTITY = 'CATEGORY';
export const categoryKey = (id: string) => ({ pk: `CATEGORY#${id}`, sk: 'CATEGORY' });
/** One item per slug, written in the category's transaction: slugs are unique. */
export const categorySlugKey = (slug: string) => ({ pk: `CATSLUG#${slug}`, sk: 'CATSLUG' });
/** gsi1: every category (the tree and the pickers read them all: a site has hundreds at most). */
export const CATEGORIES_PARTITION = { index: 'gsi1', partition: 'CATEGORY' } as const;
export const categoriesByCreatedAt = (createdAt: string, id: string) => indexEntry(CATEGORIES_PARTITION, createdAt, id);

/**
 * How many articles outside the trash name a category (attribute `articles`), moved by every article write
 * (functions/cms/items.ts, categoryCountWrites). Removing a category needs it at zero and sets `closed` in the same
 * transaction; an article write adds to it only while `closed` is absent, so no article joins a removed category.
 */
export const categoryArticlesKey = (id: string) => counterKey(`CATEGORY-ARTICLES#${id}`, 'ARTICLES');
export const CATEGORY_ARTICLES_COUNT = 'articles';
export const CATEGORY_CLOSED = 'closed';
