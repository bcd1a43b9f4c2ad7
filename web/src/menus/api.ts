/** Menus: the reads (SWR, keyed by API path) and the writes of SPEC §7. */
import { PAGE_SIZE } from '../../../shared/constants';
import type { MenuInput, MenuRow, MenuUpdateInput } from '../../../shared/schemas/menu';
import { api } from '../api/client';
import { apiKey, revalidateList, useApi, useEditedRecord } from '../api/use-api';

export type { Menu, MenuName, MenuRow } from '../../../shared/schemas/menu';

export const menusKey = (page: number) => apiKey('GET /menu', { query: { page, limit: PAGE_SIZE } });
export const menuKey = (id: string) => apiKey('GET /menu/{id}', { params: { id } });

export function useMenus(page: number) {
  return useApi(menusKey(page), { keepPreviousData: true });
}

export function useMenu(id: string | undefined) {
  return useEditedRecord(id ? menuKey(id) : null);
}

/** After a write: every cached menu list re-reads, and the one menu if given. */
export function revalidateMenus(id?: string): Promise<unknown> {
  return revalidateList('/menu', id === undefined ? undefined : menuKey(id));
}

export function createMenu(body: MenuInput) {
  return api('POST /menu/create', { body });
}

export function updateMenu(id: string, body: MenuUpdateInput) {
  return api('PATCH /menu/{id}', { params: { id }, body });
}

/** Activate / De-Activate (SPEC §4); activating one deactivates the other active menu of the same name. */
export function setMenuActive(menu: Pick<MenuRow, '_id' | 'version'>, active: boolean) {
  return updateMenu(menu._id, { version: menu.version, active });
}
