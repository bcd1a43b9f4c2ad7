/** Menus (CONTRACT.md §3): a name (menu-1 Top Menu, menu-2 Footer Menu), an active flag and a tree of items. */
import { MENU_NAMES } from '../constants';
import { linkText, versionField } from './common';
import * as z from './z';

export const MAX_MENU_ITEMS = 200;
export const MAX_MENU_DEPTH = 3;

const menuName = z.enum(MENU_NAMES.map((m) => m.value) as ['menu-1', 'menu-2'], 'Choose Top Menu or Footer Menu');

export const menuItemSchema = z.object({
  itemId: z.string().check(z.trim(), z.minLength(1, 'Each menu item needs an id'), z.maxLength(64)),
  title: z.string().check(z.trim(), z.minLength(1, 'Each menu item needs a title'), z.maxLength(100)),
  url: linkText({ max: 500 }),
  parent: z.nullable(z.string().check(z.maxLength(64))),
  menuType: z.enum(['category', 'custom'], 'Menu items are categories or custom links'),
  expanded: z._default(z.boolean(), true),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** Items in display order (depth-first): every parent comes before its children. */
const itemsField = z.array(menuItemSchema).check(z.maxLength(MAX_MENU_ITEMS, `At most ${MAX_MENU_ITEMS} menu items`));

export const menuSchema = z.object({ name: menuName, items: z._default(itemsField, []) });
export type MenuInput = z.infer<typeof menuSchema>;

export const menuUpdateSchema = z.object({
  version: versionField,
  name: z.optional(menuName),
  items: z.optional(itemsField),
  active: z.optional(z.boolean()),
});
export type MenuUpdateInput = z.infer<typeof menuUpdateSchema>;

/** Why an item list is not a tree we can show, or undefined: unique ids, parents first, depth ≤ 3. */
export function menuTreeProblem(items: readonly MenuItem[]): string | undefined {
  const depth = new Map<string, number>();
  for (const item of items) {
    if (depth.has(item.itemId)) return 'A menu item appears twice';
    const parentDepth = item.parent === null ? 0 : depth.get(item.parent);
    if (parentDepth === undefined) return 'A menu item comes before its parent or its parent is missing';
    if (parentDepth + 1 > MAX_MENU_DEPTH) return `Menus nest at most ${MAX_MENU_DEPTH} levels deep`;
    depth.set(item.itemId, parentDepth + 1);
  }
  return undefined;
}

// ---- What the API returns (types only) ----

export type MenuName = MenuInput['name'];

/** GET /menu/{id}, and what the writes return: the menu, its items in display order, and its name's title. */
export interface Menu {
  _id: string;
  name: MenuName;
  /** The name as menus are listed (Top Menu, Footer Menu). */
  title: string;
  active: boolean;
  items: MenuItem[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** One row of GET /menu: the menu without its items, and how many it has. */
export interface MenuRow extends Omit<Menu, 'items'> {
  itemCount: number;
}
