/** DynamoDB access for menus, and the one-active-menu-per-name pointer. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_MENU_CATEGORY_CHANGES, MENU_NAMES } from '../../shared/constants';
import type { Menu } from '../../shared/schemas/menu';
import { type CategoryUser, categoryUseWrites } from '../category/repo';
import { db, tableName } from '../lib/db/client';
import { counterUpdate } from '../lib/db/counters';
import { countedPage } from '../lib/db/paging';
import { deleteItem, getRecord, insertRecord, replaceRecord, type TransactItem } from '../lib/db/records';
import { badRequest } from '../lib/errors';
import { activeMenuKey, MENU_ENTITY, MENUS_PARTITION, menuKey, menusByCreatedAt } from './keys';

/** A menu is stored as returned, but for its title (made from the name). */
export type MenuRecord = Omit<Menu, 'title'> & {
  /** Whether its categories' uses items list it (menus from before them wait for the count: category-uses.ts). */
  categoriesCounted?: boolean;
};

/** A menu as the categories it links see it (category/keys.ts, categoryUsesKey): named by its title. */
export const menuAsUser = (m: MenuRecord): CategoryUser => ({
  id: m._id,
  categories: [...new Set(m.items.filter((i) => i.menuType === 'category').map((i) => i.itemId))],
  title: MENU_NAMES.find((n) => n.value === m.name)?.label ?? m.name,
});

export const CATEGORY_OF_MENU_CLOSED_MESSAGE = 'A category of this menu was removed meanwhile: take it out of the menu';

/** The uses writes of a menu going from `before` (undefined: not counted) to `after`; a save moves at most so many. */
export function menuCategoryWrites(before: MenuRecord | undefined, after: MenuRecord | undefined): TransactItem[] {
  const writes = categoryUseWrites(
    'menu',
    before?.categoriesCounted ? menuAsUser(before) : undefined,
    after && menuAsUser(after),
  );
  if (writes.length > MAX_MENU_CATEGORY_CHANGES) {
    throw badRequest(
      `A save can add or take out at most ${MAX_MENU_CATEGORY_CHANGES} categories: save the menu in steps`,
    );
  }
  return writes;
}

const isCategoryUse = (item: TransactItem | undefined) =>
  String(item?.Update?.Key?.pk ?? '').startsWith('COUNT#CATEGORY-USES#');

/** The stored item, list keys included. */
export const menuItem = (m: MenuRecord) => ({ ...menuKey(m._id), ...menusByCreatedAt(m.createdAt, m._id), ...m });

export const getMenu = (id: string) => getRecord<MenuRecord>(menuKey(id), true);

export async function activeMenuId(name: string): Promise<string | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: activeMenuKey(name), ConsistentRead: true }),
  );
  return out.Item?.menuId as string | undefined;
}

export const listMenus = (page: number, limit: number) =>
  countedPage<MenuRecord>({ ...MENUS_PARTITION, counter: MENU_ENTITY }, page, limit);

/** Writes a new menu, listed in its categories' uses items (a category removed meanwhile refuses it). */
export function insertMenu(m: MenuRecord) {
  const counted: MenuRecord = { ...m, categoriesCounted: true };
  return insertRecord(
    menuItem(counted),
    [counterUpdate(MENU_ENTITY, 'ALL', 1), ...menuCategoryWrites(undefined, counted)],
    CATEGORY_OF_MENU_CLOSED_MESSAGE,
  );
}

/**
 * Replaces `current` by `next` at `expectedVersion`, moving its categories' uses items. Turning it on makes it the
 * name's active menu and turns the previous one off (`previous`, read with its version); turning it off clears the
 * pointer. One transaction.
 */
export function replaceMenu(
  current: MenuRecord,
  next: MenuRecord,
  expectedVersion: number,
  activation?: { on: true; previous?: MenuRecord } | { on: false },
) {
  const counted: MenuRecord = { ...next, categoriesCounted: true };
  const also: TransactItem[] = menuCategoryWrites(current, counted);
  if (activation?.on) {
    also.push({ Put: { TableName: tableName(), Item: { ...activeMenuKey(next.name), menuId: next._id } } });
    const previous = activation.previous;
    if (previous) {
      also.push({
        Put: {
          TableName: tableName(),
          Item: menuItem({ ...previous, active: false, updatedAt: next.updatedAt, version: previous.version + 1 }),
          ConditionExpression: '#version = :v',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':v': previous.version },
        },
      });
    }
  } else if (activation && !activation.on) {
    also.push(deleteItem(activeMenuKey(next.name)));
  }
  return replaceRecord(menuItem(counted), expectedVersion, also, (failed) =>
    isCategoryUse(failed)
      ? CATEGORY_OF_MENU_CLOSED_MESSAGE
      : 'Another menu was activated at the same time; reload and try again',
  );
}
