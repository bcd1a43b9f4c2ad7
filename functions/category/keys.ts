/** Keys of categories. */
import { counterKey } from '../lib/db/counter-keys';
import { indexEntry } from '../lib/db/index-keys';
import { accentBlindKey, lookalikeKey } from '../lib/lookalike';

export const CATEGORY_ENTITY = 'CATEGORY';
export const categoryKey = (id: string) => ({ pk: `CATEGORY#${id}`, sk: 'CATEGORY' });
/** One item per slug (its look-alike key, lib/lookalike.ts), written in the category's transaction: slugs are unique. */
export const categorySlugKey = (slug: string) => ({ pk: `CATSLUG#${lookalikeKey(slug)}`, sk: 'CATSLUG' });
/**
 * One item per name among siblings (`categoryId` its holder), written in the category's transaction: two categories
 * under one parent (or both at the top) may not share a name a reader takes for the same one, whatever its case or
 * accents (`Politics`, `politics`, `Polítics`). Moved on a rename or a move to another parent, given up in the move to
 * the trash (the name is free again), claimed again on a restore.
 */
export const categoryNameKey = (parent: string | null, name: string) => ({
  pk: `CATNAME#${parent ?? 'TOP'}#${accentBlindKey(name)}`,
  sk: 'CATNAME',
});
/** The slug item's key before look-alike keys: only the migration that moves it reads it (lib/db/unique-keys.ts). */
export const legacyCategorySlugKey = (slug: string) => ({ pk: `CATSLUG#${slug}`, sk: 'CATSLUG' });
/** gsi1: every category (the tree and the pickers read them all: a site has hundreds at most). */
export const CATEGORIES_PARTITION = { index: 'gsi1', partition: 'CATEGORY' } as const;
export const categoriesByCreatedAt = (createdAt: string, id: string) => indexEntry(CATEGORIES_PARTITION, createdAt, id);

/**
 * How many articles outside the trash name a category (attribute `articles`), moved by every article write
 * (functions/article/items.ts, categoryCountWrites). Removing a category needs it at zero and sets `closed` in the same
 * transaction; an article write adds to it only while `closed` is absent, so no article joins a removed category.
 */
export const categoryArticlesKey = (id: string) => counterKey(`CATEGORY-ARTICLES#${id}`, 'ARTICLES');
export const CATEGORY_ARTICLES_COUNT = 'articles';
export const CATEGORY_CLOSED = 'closed';

/**
 * The menus and ads naming a category, in one item per category moved by every menu and ad write (repo.ts,
 * categoryUseWrites): a count of each (`menus`, `ads`) and, per referrer, an attribute `menu#<id>` or `ad#<id>` holding
 * the name it is shown by. Removing the category needs both counts at zero and sets `closed` in the same
 * transaction; a writer adds to it only while `closed` is absent. Reading the item answers "which menus and ads
 * name it" in one consistent read, in proportion to them.
 */
export const categoryUsesKey = (id: string) => counterKey(`CATEGORY-USES#${id}`, 'USES');
export const CATEGORY_USERS = { menu: 'menus', ad: 'ads' } as const;
export type CategoryUserKind = keyof typeof CATEGORY_USERS;
