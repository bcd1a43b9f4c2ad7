/** DynamoDB access for categories. */
import { CATEGORY_NAME_TAKEN, type CategoryRecord } from '../../shared/schemas/category';
import { isConditionFailure, tableName } from '../lib/db/client';
import { counterUpdate } from '../lib/db/counters';
import { queryAll } from '../lib/db/paging';
import {
  failedCondition,
  getRecord,
  moveUnique,
  putUnique,
  replaceRecord,
  type TransactItem,
  transact,
  withoutKeys,
} from '../lib/db/records';
import { conflict } from '../lib/errors';
import {
  CATEGORIES_PARTITION,
  CATEGORY_CLOSED,
  CATEGORY_ENTITY,
  CATEGORY_USERS,
  type CategoryUserKind,
  categoriesByCreatedAt,
  categoryKey,
  categoryNameKey,
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
export const categoryNameItemKey = (c: Pick<CategoryRecord, 'parent' | 'name'>) => categoryNameKey(c.parent, c.name);
const nameItem = (c: CategoryRecord) => putUnique({ ...categoryNameItemKey(c), categoryId: c._id });

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

export async function listAllCategories(): Promise<CategoryRecord[]> {
  return (await queryAll<Record<string, unknown>>(CATEGORIES_PARTITION)).map((i) => withoutKeys<CategoryRecord>(i));
}

/** Writes a new category with its slug and name items; a taken one is 409 with its own message. */
export async function insertCategory(c: CategoryRecord) {
  const name = nameItem(c);
  const items = [putUnique(categoryItem(c)), slugItem(c), name, counterUpdate(CATEGORY_ENTITY, 'ALL', 1)];
  try {
    await transact(items);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw conflict(failedCondition(error, items) === name ? CATEGORY_NAME_TAKEN : SLUG_TAKEN);
  }
}

/**
 * Replaces the category at `expectedVersion`, moving its slug item when the slug changes and its name item when the
 * name (as compared) or the parent does. `heldName`: whether `current` held its name item when read.
 */
export function replaceCategory(
  current: CategoryRecord,
  next: CategoryRecord,
  expectedVersion: number,
  heldName = true,
) {
  const slugMoves = moveUnique(categorySlugKey(current.slug), categorySlugKey(next.slug), () => slugItem(next));
  const from = categoryNameItemKey(current);
  const to = categoryNameItemKey(next);
  // Same key and held: nothing moves. Same key but not held (a duplicate from before the items): claim it now,
  // which refuses the save until one of the two is renamed.
  const claim = nameItem(next);
  const nameMoves = from.pk === to.pk && heldName ? [] : [...releaseCategoryName(current, heldName), claim];
  const moves = [...slugMoves, ...nameMoves];
  return replaceRecord(categoryItem(next), expectedVersion, moves, (failed) =>
    failed && nameMoves.includes(failed) ? CATEGORY_NAME_TAKEN : SLUG_TAKEN,
  );
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
