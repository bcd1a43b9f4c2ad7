/**
 * Menus in the trash (functions/trash/): an active menu stays (activate another first); the list counter moves. A
 * menu in the trash no longer holds its categories (it leaves their uses items), and comes back only while they are
 * live.
 */
import { MENU_IS_ACTIVE_MESSAGE } from '../../shared/schemas/trash';
import { counterUpdate } from '../lib/db/counters';
import { badRequest } from '../lib/errors';
import { refusing } from '../trash/transaction';
import type { Trashable } from '../trash/trashable';
import { MENU_ENTITY, menuKey } from './keys';
import { type MenuRecord, menuCategoryWrites, menuItem } from './repo';

export const CATEGORY_OF_MENU_IN_TRASH_MESSAGE = 'A category of this menu is in the trash: restore that category first';

import { menuTitle } from './service';

export const MENU_TRASH: Trashable<MenuRecord> = {
  entity: MENU_ENTITY,
  auditType: 'menu',
  notFoundMessage: 'No such menu',
  key: menuKey,
  itemOf: menuItem,
  titleOf: (m) => menuTitle(m.name),
  // Read at the version the move is conditioned on: activating it in between fails the move (409).
  checkTrash: async (m) => {
    if (m.active) throw badRequest(MENU_IS_ACTIVE_MESSAGE);
    return [];
  },
  leaving: (m) => [counterUpdate(MENU_ENTITY, 'ALL', -1), ...menuCategoryWrites(m, undefined)],
  restored: (m) => ({ ...m, categoriesCounted: true }),
  returning: (m) => [
    counterUpdate(MENU_ENTITY, 'ALL', 1),
    ...menuCategoryWrites(undefined, m).map((write) => refusing(write, CATEGORY_OF_MENU_IN_TRASH_MESSAGE)),
  ],
  purging: () => [],
};
