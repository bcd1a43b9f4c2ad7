/** Menus: the reads (SWR, keyed by API path) and the writes of SPEC §7. */
import useSWR, { mutate } from 'swr';
import { PAGE_SIZE } from '../../../shared/constants';
import type { MenuInput, MenuItem, MenuUpdateInput } from '../../../shared/schemas/menu';
import { api } from '../api/client';
import type { ListPage } from '../api/list';

export type MenuName = MenuInput['name'];

export interface MenuRow {
  _id: string;
  name: MenuName;
  title: string;
  active: boolean;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface Menu extends Omit<MenuRow, 'itemCount'> {
  items: MenuItem[];
}

export const menusKey = (page: number) => `/menu?page=${page}&limit=${PAGE_SIZE}`;
export const menuKey = (id: string) => `/menu/${encodeURIComponent(id)}`;

export function useMenus(page: number) {
  return useSWR<ListPage<MenuRow>>(menusKey(page), { keepPreviousData: true });
}

export function useMenu(id: string | undefined) {
  // The editor must not be refilled behind the user's back; it re-reads only on Reload.
  return useSWR<Menu>(id ? menuKey(id) : null, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** After a write: every cached menu list re-reads, and the one menu if given. */
export function revalidateMenus(id?: string): Promise<unknown> {
  return mutate(
    (key) => typeof key === 'string' && (key.startsWith('/menu?') || (id !== undefined && key === menuKey(id))),
  );
}

export function createMenu(body: MenuInput): Promise<Menu> {
  return api<Menu>('/menu/create', { method: 'POST', body });
}

export function updateMenu(id: string, body: MenuUpdateInput): Promise<Menu> {
  return api<Menu>(menuKey(id), { method: 'PATCH', body });
}

/** Activate / De-Activate (SPEC §4); activating one deactivates the other active menu of the same name. */
export function setMenuActive(menu: Pick<MenuRow, '_id' | 'version'>, active: boolean): Promise<Menu> {
  return updateMenu(menu._id, { version: menu.version, active });
}
