/** DynamoDB access for categories. */
import type { CategoryRecord } from '../../shared/schemas/category';
import { tableName } from '../lib/db/client';
import { counterUpdate } from '../lib/db/counters';
import { queryAll } from '../lib/db/paging';
import {
  getRecord,
  insertRecord,
  moveUnique,
  putUnique,
  replaceRecord,
  type TransactItem,
  withoutKeys,
} from '../lib/db/records';
import {
  CATEGORIES_PARTITION,
  CATEGORY_CLOSED,
  CATEGORY_ENTITY,
  CATEGORY_USERS,
  type CategoryUserKind,
  categoriesByCreatedAt,
  categoryKey,
  categorySlugKey,
  categoryUsesKey,
} from './keys';

const SLUG_TAKEN = 'Slug already exists';
/** The stored item, list keys included. */
export const categoryItem = (c: CategoryRecord) => ({
  ...categoryKey(c._id),
  ...categoriesByCreatedAt(c.createdAt, c._id),
  ...c,
});
const slugItem = (c: CategoryRecord) => putUnique({ ...categorySlugKey(c.slug), categoryId: c._id });

export async function listAllCategories(): Promise<CategoryRecord[]> {
  return (await queryAll<Record<string, unknown>>(CATEGORIES_PARTITION)).map((i) => withoutKeys<CategoryRecord>(i));
}

export const insertCategory = (c: CategoryRecord) =>
  insertRecord(categoryItem(c), [slugItem(c), counterUpdate(CATEGORY_ENTITY, 'ALL', 1)], SLUG_TAKEN);

/** Replaces the category at `expectedVersion`, moving its slug item when the slug changes. */
export function replaceCategory(current: CategoryRecord, next: CategoryRecord, expectedVersion: number) {
  const moves = moveUnique(categorySlugKey(current.slug), categorySlugKey(next.slug), () => slugItem(next));
  return replaceRecord(categoryItem(next), expectedVersion, moves, SLUG_TAKEN);
}

/** A menu or an ad as the categories it names see it: its id, the categories, and the name it is shown by. */
export interface CategoryUser {
  id: string;
  categories: readonly string[];
  title: string;
}

/**
 * The moves of the categories' uses items (keys.ts, categoryUsesKey) when a menu or an ad goes from `before`
 * (undefined: not counted, e.g. new or in the trash) to `after` (undefined: leaving, e.g. to the trash), for the
 * writer's transaction. Joining a category fails while it is `closed` (in the trash or deleted), unless
 * `evenIfClosed` (the count of records from before the uses items, which name it already).
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
    return {
      Update: {
        TableName: tableName(),
        Key: categoryUsesKey(category),
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
      },
    };
  };
  const writes: TransactItem[] = [];
  for (const category of had) if (!has.has(category)) writes.push(update(category, 'leave'));
  for (const category of has) {
    if (!had.has(category)) writes.push(update(category, 'join'));
    else if (named && before?.title !== after?.title) writes.push(update(category, 'rename'));
  }
  return writes;
}

/** Who names a category: the names of the menus and the number of ads its uses item holds (keys.ts, categoryUsesKey). */
export async function categoryUsers(id: string): Promise<{ menus: string[]; ads: number }> {
  const item = (await getRecord<Record<string, unknown>>(categoryUsesKey(id), true)) ?? {};
  const menus = Object.entries(item)
    .filter(([attribute]) => attribute.startsWith('menu#'))
    .map(([, title]) => String(title))
    .sort();
  return { menus, ads: Math.max(0, Number(item[CATEGORY_USERS.ad] ?? 0)) };
}
