/**
 * Menus, as stored: one item a menu (`MENU#<id>` / `MENU`), listed newest first in gsi1, counted in `COUNT#MENU`;
 * the pointer to the active menu of each name (`MENUACTIVE#<name>`); and the menu in its categories' uses items
 * (category/model.ts), so a category a menu links cannot be removed. In the trash: an active menu stays (activate
 * another first); a menu in the trash no longer holds its categories, and comes back only while they are live.
 */
import { MAX_MENU_CATEGORY_CHANGES, MENU_NAMES } from '../../shared/constants';
import type { Menu } from '../../shared/schemas/menu';
import { MENU_IS_ACTIVE_MESSAGE } from '../../shared/schemas/trash';
import { type CategoryUser, categoryUseWrites } from '../category/model';
import { defineEntity } from '../lib/db/entity';
import { deleteItem, getRecord, putItem, type TransactItem } from '../lib/db/records';
import { badRequest } from '../lib/errors';
import { refusing } from '../trash/transaction';
import { trashableEntity } from '../trash/trashable';

/** A menu is stored as returned, but for its title (made from the name). */
export type MenuRecord = Omit<Menu, 'title'> & {
  /** Whether its categories' uses items list it (menus from before them wait for the count: category-uses.ts). */
  categoriesCounted?: boolean;
};

export const MENU_NOT_FOUND = 'No such menu';
export const CATEGORY_OF_MENU_CLOSED_MESSAGE = 'A category of this menu was removed meanwhile: take it out of the menu';
export const CATEGORY_OF_MENU_IN_TRASH_MESSAGE = 'A category of this menu is in the trash: restore that category first';
const ANOTHER_ACTIVATED = 'Another menu was activated at the same time; reload and try again';

/** A menu's name as menus are listed (Top Menu, Footer Menu). */
export const menuTitle = (name: string) => MENU_NAMES.find((m) => m.value === name)?.label ?? name;

export const menuModel = /* @__PURE__ */ defineEntity<MenuRecord>({
  name: 'MENU',
  indexes: { gsi1: { partition: 'MENU', sortBy: (m) => m.createdAt } },
  // A new menu's only conditions besides its key are its categories' uses items.
  takenMessage: CATEGORY_OF_MENU_CLOSED_MESSAGE,
});

/** Which menu is the active one of a name (menu-1 Top, menu-2 Footer): one pointer item per name. */
export const activeMenuKey = (name: string) => ({ pk: `MENUACTIVE#${name}`, sk: 'MENUACTIVE' });

export async function activeMenuId(name: string): Promise<string | undefined> {
  return (await getRecord<{ menuId?: string }>(activeMenuKey(name), true))?.menuId;
}

/** A menu as the categories it links see it (category/model.ts, categoryUsesKey): named by its title. */
export const menuAsUser = (m: MenuRecord): CategoryUser => ({
  id: m._id,
  categories: [...new Set(m.items.filter((i) => i.menuType === 'category').map((i) => i.itemId))],
  title: menuTitle(m.name),
});

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

/** Writes a new menu, listed in its categories' uses items (a category removed meanwhile refuses it). */
export function insertMenu(m: MenuRecord) {
  const counted: MenuRecord = { ...m, categoriesCounted: true };
  return menuModel.insert(counted, menuCategoryWrites(undefined, counted));
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
    also.push(putItem({ ...activeMenuKey(next.name), menuId: next._id }));
    const previous = activation.previous;
    if (previous) {
      const off = { ...previous, active: false, updatedAt: next.updatedAt, version: previous.version + 1 };
      also.push(menuModel.putAt(off, previous.version));
    }
  } else if (activation && !activation.on) {
    also.push(deleteItem(activeMenuKey(next.name)));
  }
  return menuModel.replace(counted, expectedVersion, also, (failed) =>
    isCategoryUse(failed) ? CATEGORY_OF_MENU_CLOSED_MESSAGE : ANOTHER_ACTIVATED,
  );
}

export const MENU_TRASH = /* @__PURE__ */ trashableEntity(menuModel, {
  auditType: 'menu',
  notFoundMessage: MENU_NOT_FOUND,
  titleOf: (m) => menuTitle(m.name),
  // Read at the version the move is conditioned on: activating it in between fails the move (409).
  checkTrash: async (m) => {
    if (m.active) throw badRequest(MENU_IS_ACTIVE_MESSAGE);
    return [];
  },
  leaving: (m) => menuCategoryWrites(m, undefined),
  restored: (m) => ({ ...m, categoriesCounted: true }),
  returning: (m) => menuCategoryWrites(undefined, m).map((write) => refusing(write, CATEGORY_OF_MENU_IN_TRASH_MESSAGE)),
});
