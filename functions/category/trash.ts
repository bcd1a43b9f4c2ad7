/**
 * Categories in the trash (functions/trash/), over their model (model.ts). Refused while sub-categories, articles or
 * a home-page section name it: its article counter must be at zero, and the move closes it in the same transaction,
 * so no article can join it afterwards. Its slug stays taken until it is deleted for good; the closed counter stays
 * after that, so an article in the trash that named it cannot be restored into a category that no longer exists.
 * A sub-category comes back only while its parent is live, and a category goes only while none of its
 * sub-categories in the trash has come back: both are conditions of the write, so a restore and a removal at once
 * cannot both land. Its name among its siblings is given up in the move (another category may take it meanwhile)
 * and claimed again on a restore, which a sibling holding it refuses.
 *
 * Menus and ads naming it refuse its removal, and its deletion for good, with the name of one of them: its uses
 * item lists them, and the move closes it at zero in the same transaction, as the article counter, so no menu or
 * ad can name it afterwards.
 *
 * Apart from model.ts because of what it imports (the trash's moves, the home layout): every Lambda that reads a
 * category key would bundle them (the publisher's grew by 17 KB with them in the model).
 */
import type { CategoryRecord } from '../../shared/schemas/category';
import {
  CATEGORY_HAS_ARTICLES_MESSAGE,
  CATEGORY_HAS_CHILDREN_MESSAGE,
  CATEGORY_IN_USE_MESSAGE,
  CATEGORY_ON_HOME_PAGE_MESSAGE,
  categoryInMenuMessage,
  categoryTargetedMessage,
} from '../../shared/schemas/trash';
import { getLayoutItem } from '../home-layout/model';
import { deleteItem } from '../lib/db/records';
import { badRequest } from '../lib/errors';
import { closeCounter, reclaimUnique, reopenCounter, requireLive, requireNotLive } from '../trash/model';
import { allTrashed } from '../trash/service';
import { refusing } from '../trash/transaction';
import { type Trashable, trashableEntity } from '../trash/trashable';
import {
  CATEGORY_ARTICLES_COUNT,
  CATEGORY_CLOSED,
  CATEGORY_NOT_FOUND,
  categoryArticlesKey,
  categoryKey,
  categoryModel,
  categoryNameItemKey,
  categorySlugKey,
  categoryUsers,
  categoryUsesKey,
  closeCategoryUses,
  holdsCategoryName,
  listAllCategories,
  releaseCategoryName,
} from './model';

export const PARENT_IN_TRASH_MESSAGE = 'Its parent category is in the trash: restore the parent first';
const slugTakenOnRestore = (slug: string) =>
  `The slug ${slug} was taken by another category meanwhile: change that one first`;
/** A restore whose name a sibling took while it was in the trash (the move to the trash frees the name). */
export const nameTakenOnRestore = (name: string) =>
  `Another category under the same parent is now called ${name}: rename that one first`;

/** Refuses a category that menus or ads name: a menu by its name (its dead item would show on every page), ads by number. */
async function refuseWhileUsed(c: CategoryRecord): Promise<void> {
  const { menus, ads } = await categoryUsers(c._id);
  const [menu, ...otherMenus] = menus;
  if (menu !== undefined) throw badRequest(categoryInMenuMessage(menu, otherMenus.length + ads));
  if (ads > 0) throw badRequest(categoryTargetedMessage(ads));
}

// Typed: its own check reads the categories already in the trash through it.
export const CATEGORY_TRASH: Trashable<CategoryRecord> = /* @__PURE__ */ trashableEntity(categoryModel, {
  auditType: 'category',
  notFoundMessage: CATEGORY_NOT_FOUND,
  titleOf: (c) => c.name,
  checkTrash: async (c) => {
    const [live, trashed, home] = await Promise.all([listAllCategories(), allTrashed(CATEGORY_TRASH), getLayoutItem()]);
    if (live.some((other) => other.parent === c._id)) throw badRequest(CATEGORY_HAS_CHILDREN_MESSAGE);
    if (home?.body.sections.some((s) => s.category === c._id)) throw badRequest(CATEGORY_ON_HOME_PAGE_MESSAGE);
    await refuseWhileUsed(c);
    return [
      ...trashed
        .filter((child) => child.parent === c._id)
        .map((child) => requireNotLive(categoryKey(child._id), CATEGORY_HAS_CHILDREN_MESSAGE)),
      // Its name is free again while it is in the trash (its slug is not: links to it may still be out there).
      ...releaseCategoryName(c, await holdsCategoryName(c)),
    ];
  },
  leaving: (c) => [
    closeCounter(categoryArticlesKey(c._id), CATEGORY_ARTICLES_COUNT, CATEGORY_CLOSED, CATEGORY_HAS_ARTICLES_MESSAGE),
    refusing(closeCategoryUses(c._id), CATEGORY_IN_USE_MESSAGE),
  ],
  returning: (c) => [
    reopenCounter(categoryArticlesKey(c._id), CATEGORY_CLOSED),
    reopenCounter(categoryUsesKey(c._id), CATEGORY_CLOSED),
    reclaimUnique(categorySlugKey(c.slug), { attribute: 'categoryId', id: c._id }, slugTakenOnRestore(c.slug)),
    reclaimUnique(categoryNameItemKey(c), { attribute: 'categoryId', id: c._id }, nameTakenOnRestore(c.name)),
    ...(c.parent ? [requireLive(categoryKey(c.parent), PARENT_IN_TRASH_MESSAGE)] : []),
  ],
  purging: (c) => [deleteItem(categorySlugKey(c.slug))],
  // Closed while in the trash, its uses item gains only what the start-up count finds of menus and ads from before it.
  checkPurge: refuseWhileUsed,
});
