/** Menus in the trash (functions/trash/): an active menu stays (activate another first); the list counter moves. */
import { MENU_IS_ACTIVE_MESSAGE } from '../../shared/schemas/trash';
import { counterUpdate } from '../lib/db/counters';
import { badRequest } from '../lib/errors';
import type { Trashable } from '../trash/trashable';
import { MENU_ENTITY, menuKey } from './keys';
import { type MenuRecord, menuItem } from './repo';
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
  leaving: () => [counterUpdate(MENU_ENTITY, 'ALL', -1)],
  returning: () => [counterUpdate(MENU_ENTITY, 'ALL', 1)],
  purging: () => [],
};
