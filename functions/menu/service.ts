/** Menus: a Top or Footer menu of category and custom links, one active per name (CONTRACT.md §2–§4). */
import type { ListPage } from '../../shared/schemas/common';
import {
  type Menu,
  type MenuInput,
  type MenuItem,
  type MenuRow,
  type MenuUpdateInput,
  menuTreeProblem,
} from '../../shared/schemas/menu';
import { categoriesExist } from '../category/service';
import { firstVersion } from '../lib/db/records';
import { badRequest, notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { activeMenuId, insertMenu, MENU_NOT_FOUND, type MenuRecord, menuModel, menuTitle, replaceMenu } from './model';

const view = ({ categoriesCounted: _counted, ...m }: MenuRecord): Menu => ({ ...m, title: menuTitle(m.name) });

async function checkItems(items: MenuItem[]): Promise<void> {
  const problem = menuTreeProblem(items);
  if (problem) throw badRequest(problem);
  const categoryIds = items.filter((i) => i.menuType === 'category').map((i) => i.itemId);
  if (!(await categoriesExist(categoryIds))) throw badRequest('A menu item refers to a category that does not exist');
}

export async function findMenus(page: number, limit: number): Promise<ListPage<MenuRow>> {
  const { list, total } = await menuModel.page(page, limit);
  return {
    list: list.map(({ items, categoriesCounted: _counted, ...m }) => ({
      ...m,
      title: menuTitle(m.name),
      itemCount: items.length,
    })),
    total,
  };
}

export async function findMenu(id: string) {
  const menu = await menuModel.get(id, true);
  if (!menu) throw notFound(MENU_NOT_FOUND);
  return view(menu);
}

export async function createMenu(input: MenuInput) {
  await checkItems(input.items);
  const now = nowIso();
  const menu: MenuRecord = {
    _id: newId(),
    name: input.name,
    active: false,
    items: input.items,
    ...firstVersion(now),
  };
  await insertMenu(menu);
  return view(menu);
}

export async function updateMenu(id: string, input: MenuUpdateInput) {
  const current = await menuModel.get(id, true);
  if (!current) throw notFound(MENU_NOT_FOUND);
  if (input.items) await checkItems(input.items);
  const name = input.name ?? current.name;
  if (name !== current.name && current.active) throw badRequest('De-activate the menu before changing its name');
  const next: MenuRecord = {
    ...current,
    name,
    items: input.items ?? current.items,
    active: input.active ?? current.active,
    updatedAt: nowIso(),
    version: input.version + 1,
  };
  let activation: Parameters<typeof replaceMenu>[3];
  if (next.active && !current.active) {
    const previousId = await activeMenuId(name);
    const previous = previousId && previousId !== id ? await menuModel.get(previousId, true) : undefined;
    activation = { on: true, previous: previous?.active ? previous : undefined };
  } else if (!next.active && current.active) {
    activation = { on: false };
  }
  await replaceMenu(current, next, input.version, activation);
  return view(next);
}
