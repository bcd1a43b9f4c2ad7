/**
 * Lists the menus written before the categories' uses items (category/model.ts, categoryUsesKey) in them: a marking
 * pass (lib/db/copies.ts) over every menu, each one not `categoriesCounted` listed in its categories' items. Runs at
 * `npm start` (infra/local/setup.ts) and in `npm run migrate:search-index`. Menus in the trash are listed when
 * restored.
 */
import { categoryUseWrites } from '../category/model';
import { markingPass, refreshToTheEnd } from '../lib/db/copies';
import { type MenuRecord, menuAsUser, menuModel } from './model';

const menus = {
  listing: menuModel.listing('gsi1'),
  recordOf: menuModel.recordOf,
  keyOf: (menu: MenuRecord) => menuModel.key(menu._id),
};

// The menu links its categories already, whether or not one has been removed since.
const counting = markingPass<MenuRecord>(menus, 'categoriesCounted', (menu) =>
  categoryUseWrites('menu', undefined, menuAsUser(menu), true),
);

/** Lists every menu not listed yet; returns how many were. */
export async function countMenusInCategories(): Promise<number> {
  return (await refreshToTheEnd(counting)).updated;
}
