/** Keys of menus. */
import { indexEntry } from '../lib/db/index-keys';

export const MENU_ENTITY = 'MENU';
export const menuKey = (id: string) => ({ pk: `MENU#${id}`, sk: 'MENU' });
/** Which menu is the active one of a name (menu-1 Top, menu-2 Footer): one pointer item per name. */
export const activeMenuKey = (name: string) => ({ pk: `MENUACTIVE#${name}`, sk: 'MENUACTIVE' });
/** gsi1: every menu, newest first. */
export const MENUS_PARTITION = { index: 'gsi1', partition: 'MENU' } as const;
export const menusByCreatedAt = (createdAt: string, id: string) => indexEntry(MENUS_PARTITION, createdAt, id);
