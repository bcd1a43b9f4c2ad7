/**
 * Lists the menus written before the categories' uses items (category/keys.ts, categoryUsesKey) in them: a copies
 * pass (lib/db/copies.ts) over every menu, each uncounted one marked `categoriesCounted` and listed in its
 * categories' items in one transaction at the version read, without moving it. Runs at `npm start`
 * (infra/local/setup.ts) and in `npm run migrate:search-index`. Menus in the trash are listed when restored.
 */
import { categoryUseWrites } from '../category/repo';
import { type CopySource, refreshToTheEnd } from '../lib/db/copies';
import type { ItemFilter } from '../lib/db/paging';
import { type MenuRecord, menuAsUser, menuModel } from './model';

const uncounted: ItemFilter = {
  expression: 'attribute_not_exists(#counted) OR #counted = :no',
  names: { '#counted': 'categoriesCounted' },
  values: { ':no': false },
};

const counting: CopySource<MenuRecord> = {
  listing: menuModel.listing('gsi1'),
  recordOf: menuModel.recordOf,
  keyOf: (menu) => menuModel.key(menu._id),
  filter: uncounted,
  update: (menu) =>
    menu.categoriesCounted
      ? undefined
      : {
          set: { categoriesCounted: true },
          // The menu links its categories already, whether or not one has been removed since.
          also: categoryUseWrites('menu', undefined, menuAsUser(menu), true),
          condition: uncounted,
        },
};

/** Lists every menu not listed yet; returns how many were. */
export async function countMenusInCategories(): Promise<number> {
  return (await refreshToTheEnd(counting)).updated;
}
