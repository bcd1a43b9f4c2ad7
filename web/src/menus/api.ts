/** Menus: the reads (SWR, keyed by API path) and the writes of CONTRACT.md §7. */
import { PAGE_SIZE } from '../../../shared/constants';
import type { MenuInput, MenuRow, MenuUpdateInput } from '../../../shared/schemas/menu';
import { api } from '../api/client';
import { apiKey, listReads } from '../api/use-api';

export type { Menu, MenuName, MenuRow } from '../../../shared/schemas/menu';

export const menusKey = (page: number) => apiKey('GET /menu', { query: { page, limit: PAGE_SIZE } });
export const menuKey = (id: string) => apiKey('GET /menu/{id}', { params: { id } });

export const [useMenus, useMenu, revalidateMenus] = listReads('/menu', menusKey, menuKey);

export function createMenu(body: MenuInput) {
  return api('POST /menu/create', { body });
}

export function updateMenu(id: string, body: MenuUpdateInput) {
  return api('PATCH /menu/{id}', { params: { id }, body });
}

/** Activate / De-Activate (CONTRACT.md §4); activating one deactivates the other active menu of the same name. */
export function setMenuActive(menu: Pick<MenuRow, '_id' | 'version'>, active: boolean) {
  return updateMenu(menu._id, { version: menu.version, active });
}
