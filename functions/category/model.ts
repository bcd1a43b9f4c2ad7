/**
 * Categories, as stored: one item a category (`CATEGORY#<id>` / `CATEGORY`), all listed in gsi1 by creation (the
 * tree and the pickers read them all: a site has hundreds at most), counted in `COUNT#CATEGORY`; and beside it:
 * - its slug's unique item (`CATSLUG#<look-alike key>` / `CATSLUG`, `categoryId` its holder), kept while it is in
 *   the trash (links to it may still be out there) and deleted with it for good;
 * - its name's item among its siblings (`CATNAME#<parent id or TOP>#<accent-blind key>` / `CATNAME`), moved on a
 *   rename or a move, given up in the move to the trash and claimed again on a restore;
 * - the number of articles naming it (`COUNT#CATEGORY-ARTICLES#<id>` / `ARTICLES`), moved by every article write;
 * - its uses item (`COUNT#CATEGORY-USES#<id>` / `USES`): the menus and ads naming it, moved by their writes.
 * The last two are closed in the move to the trash, which they must allow (at zero), so nothing names a category
 * in the trash or deleted. The trash's rules for categories (trash.ts) call these; they are kept apart so that a
 * Lambda reading a category key does not bundle the trash and what it imports.
 */
import type { CategoryRecord } from '../../shared/schemas/category';
import { isConditionFailure, tableName } from '../lib/db/client';
import { counterKey } from '../lib/db/counter-keys';
import { defineEntity } from '../lib/db/entity';
import {
  failedCondition,
  getRecord,
  moveUnique,
  putUnique,
  type TransactItem,
  transact,
  updateItem,
} from '../lib/db/records';
import { conflict } from '../lib/errors';
import { accentBlindKey, lookalikeKey } from '../lib/lookalike';
import { CATEGORY_ENTITY } from './keys';

export const CATEGORY_NOT_FOUND = 'No such category';
/** A slug another category holds, or one a reader could take for it (409). */
export const CATEGORY_SLUG_TAKEN = 'Slug already exists';

export const categoryModel = /* @__PURE__ */ defineEntity<CategoryRecord>({
  name: CATEGORY_ENTITY,
  indexes: { gsi1: { partition: 'CATEGORY', sortBy: (c) => c.createdAt } },
  takenMessage: CATEGORY_SLUG_TAKEN,
});

export { categoryKey } from './keys';
/** The stored item, list keys included. */
export const categoryItem = categoryModel.itemOf;
/** gsi1: every category. */
export const CATEGORIES_PARTITION = /* @__PURE__ */ categoryModel.listing('gsi1');
/** More than a site has; the bound every read of all categories keeps. */
const MAX_CATEGORIES = 5000;

/** One item per slug (its look-alike key, lib/lookalike.ts), written in the category's transaction: slugs are unique. */
export const categorySlugKey = (slug: string) => ({ pk: `CATSLUG#${lookalikeKey(slug)}`, sk: 'CATSLUG' });
/** The slug item's key before look-alike keys: only the migration that moves it reads it (lib/db/unique-keys.ts). */
export const legacyCategorySlugKey = (slug: string) => ({ pk: `CATSLUG#${slug}`, sk: 'CATSLUG' });
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
export const categoryNameItemKey = (c: Pick<CategoryRecord, 'parent' | 'name'>) => categoryNameKey(c.parent, c.name);

const slugItem = (c: CategoryRecord) => putUnique({ ...categorySlugKey(c.slug), categoryId: c._id });
/** Claims the name item of `c`'s name and parent: fails while another category holds it. */
export const claimCategoryName = (c: CategoryRecord) => putUnique({ ...categoryNameItemKey(c), categoryId: c._id });

/**
 * How many articles outside the trash name a category (attribute `articles`), moved by every article write
 * (functions/article/model.ts, categoryCountWrites). Removing a category needs it at zero and sets `closed` in the same
 * transaction; an article write adds to it only while `closed` is absent, so no article joins a removed category.
 */
export const categoryArticlesKey = (id: string) => counterKey(`CATEGORY-ARTICLES#${id}`, 'ARTICLES');
export const CATEGORY_ARTICLES_COUNT = 'articles';
export const CATEGORY_CLOSED = 'closed';

/**
 * The menus and ads naming a category, in one item per category moved by every menu and ad write
 * (categoryUseWrites): a count of each (`menus`, `ads`) and, per referrer, an attribute `menu#<id>` or `ad#<id>`
 * holding the name it is shown by. Removing the category needs both counts at zero and sets `closed` in the same
 * transaction; a writer adds to it only while `closed` is absent. Reading the item answers "which menus and ads
 * name it" in one consistent read, in proportion to them.
 */
export const categoryUsesKey = (id: string) => counterKey(`CATEGORY-USES#${id}`, 'USES');
export const CATEGORY_USERS = { menu: 'menus', ad: 'ads' } as const;
export type CategoryUserKind = keyof typeof CATEGORY_USERS;

/**
 * Gives up the name item `c` holds, on a rename, a move or the move to the trash: only while it is still its own (a
 * category from before the name items that shares its name with a sibling holds none, and must not free the
 * sibling's). `held` says whether it held it when read; the condition makes sure it still does.
 */
export function releaseCategoryName(c: CategoryRecord, held: boolean): TransactItem[] {
  if (!held) return [];
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: categoryNameItemKey(c),
        ConditionExpression: 'categoryId = :id',
        ExpressionAttributeValues: { ':id': c._id },
      },
    },
  ];
}

/** Whether `c` holds the name item of its name and parent (false for an unmigrated duplicate). */
export async function holdsCategoryName(c: CategoryRecord): Promise<boolean> {
  const item = await getRecord<{ categoryId?: string }>(categoryNameItemKey(c), true);
  return item?.categoryId === c._id;
}

export const listAllCategories = () => categoryModel.all(MAX_CATEGORIES);

/**
 * Writes a new category with its slug and name items; a taken one is 409 with its own message. `nameTaken`, the
 * 409 of a name a sibling holds, is the route schemas' text (CATEGORY_NAME_TAKEN, shown on the editor's Name field)
 * and comes from the service: its module builds zod schemas as it loads, which every Lambda reading a category key
 * (the publisher, name-sync, the dashboard) would otherwise bundle and run (34 KB).
 */
export async function insertCategory(c: CategoryRecord, nameTaken: string) {
  const name = claimCategoryName(c);
  const items = [putUnique(categoryItem(c)), slugItem(c), name, categoryModel.counted(1)];
  try {
    await transact(items);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw conflict(failedCondition(error, items) === name ? nameTaken : CATEGORY_SLUG_TAKEN);
  }
}

/**
 * Replaces the category at `expectedVersion`, moving its slug item when the slug changes and its name item when the
 * name (as compared) or the parent does (`nameTaken` as for insertCategory). `heldName`: whether `current` held its
 * name item when read.
 */
export function replaceCategory(
  current: CategoryRecord,
  next: CategoryRecord,
  expectedVersion: number,
  nameTaken: string,
  heldName = true,
) {
  const slugMoves = moveUnique(categorySlugKey(current.slug), categorySlugKey(next.slug), () => slugItem(next));
  const from = categoryNameItemKey(current);
  const to = categoryNameItemKey(next);
  // Same key and held: nothing moves. Same key but not held (a duplicate from before the items): claim it now,
  // which refuses the save until one of the two is renamed.
  const claim = claimCategoryName(next);
  const nameMoves = from.pk === to.pk && heldName ? [] : [...releaseCategoryName(current, heldName), claim];
  const moves = [...slugMoves, ...nameMoves];
  return categoryModel.replace(next, expectedVersion, moves, (failed) =>
    failed && nameMoves.includes(failed) ? nameTaken : CATEGORY_SLUG_TAKEN,
  );
}

/** A menu or an ad as the categories it names see it: its id, the categories, and the name it is shown by. */
export interface CategoryUser {
  id: string;
  categories: readonly string[];
  title: string;
}

/**
 * The moves of the categories' uses items (categoryUsesKey) when a menu or an ad goes from `before` (undefined: not
 * counted, e.g. new or in the trash) to `after` (undefined: leaving, e.g. to the trash), for the writer's
 * transaction. Joining a category fails while it is `closed` (in the trash or deleted), unless `evenIfClosed` (the
 * count of records from before the uses items, which name it already).
 */
export function categoryUseWrites(
  kind: CategoryUserKind,
  before: CategoryUser | undefined,
  after: CategoryUser | undefined,
  evenIfClosed = false,
): TransactItem[] {
  const had = new Set(before?.categories ?? []);
  const has = new Set(after?.categories ?? []);
  // Menus are a handful, so the item names each one for the refusal; ads pile up over the years (an expired ad
  // still names its categories), so the item only counts them and stays small however many there are.
  const named = kind === 'menu';
  const ref = `${kind}#${before?.id ?? after?.id}`;
  const update = (category: string, moves: 'leave' | 'join' | 'rename'): TransactItem => {
    const guarded = moves === 'join' && !evenIfClosed;
    const counted = moves !== 'rename';
    const setsTitle = named && moves !== 'leave';
    return updateItem(categoryUsesKey(category), {
      UpdateExpression: [
        setsTitle ? 'SET #ref = :title' : '',
        named && moves === 'leave' ? 'REMOVE #ref' : '',
        counted ? 'ADD #count :delta' : '',
      ]
        .filter(Boolean)
        .join(' '),
      ...(guarded ? { ConditionExpression: 'attribute_not_exists(#closed)' } : {}),
      ExpressionAttributeNames: {
        ...(named ? { '#ref': ref } : {}),
        ...(counted ? { '#count': CATEGORY_USERS[kind] } : {}),
        ...(guarded ? { '#closed': CATEGORY_CLOSED } : {}),
      },
      ExpressionAttributeValues: {
        ...(setsTitle ? { ':title': after?.title } : {}),
        ...(counted ? { ':delta': moves === 'leave' ? -1 : 1 } : {}),
      },
    });
  };
  const writes: TransactItem[] = [];
  for (const category of had) if (!has.has(category)) writes.push(update(category, 'leave'));
  for (const category of has) {
    if (!had.has(category)) writes.push(update(category, 'join'));
    else if (named && before?.title !== after?.title) writes.push(update(category, 'rename'));
  }
  return writes;
}

/** Who names a category: the names of the menus and the number of ads its uses item holds. */
export async function categoryUsers(id: string): Promise<{ menus: string[]; ads: number }> {
  const item = (await getRecord<Record<string, unknown>>(categoryUsesKey(id), true)) ?? {};
  const menus = Object.entries(item)
    .filter(([attribute]) => attribute.startsWith('menu#'))
    .map(([, title]) => String(title))
    .sort();
  return { menus, ads: Math.max(0, Number(item[CATEGORY_USERS.ad] ?? 0)) };
}

/**
 * Closes the uses item in the move to the trash, only while no menu and no ad names the category (the trash marks
 * it refusing, trash.ts).
 */
export const closeCategoryUses = (id: string): TransactItem =>
  updateItem(categoryUsesKey(id), {
    UpdateExpression: 'SET #closed = :yes',
    ConditionExpression:
      '(attribute_not_exists(#menus) OR #menus <= :zero) AND (attribute_not_exists(#ads) OR #ads <= :zero)',
    ExpressionAttributeNames: {
      '#closed': CATEGORY_CLOSED,
      '#menus': CATEGORY_USERS.menu,
      '#ads': CATEGORY_USERS.ad,
    },
    ExpressionAttributeValues: { ':yes': true, ':zero': 0 },
  });
