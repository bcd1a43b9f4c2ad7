/**
 * Every removable resource's Trashable, by the name the trash calls it (shared/trash-resources.ts): the type
 * requires one for each, so a resource added there without its line here does not compile, and
 * tests/unit/trash-registry.test.ts checks that each line holds that resource's own.
 */
import type { TrashTargetType } from '../../shared/trash-resources';
import { ADVERTISEMENT_TRASH } from '../advertisement/model';
import { ARTICLE_TRASH } from '../article/trash';
import { BREAKING_NEWS_TRASH } from '../breaking-news/model';
import { CATEGORY_TRASH } from '../category/trash';
import { CLIENT_TRASH } from '../client/model';
import { EPAPER_TRASH } from '../epaper/model';
import { MENU_TRASH } from '../menu/model';
import type { Trashable } from '../trash/trashable';

/**
 * In the order the sweeper deletes them: what names others first (articles, ads, menus), then what is named
 * (categories, clients), so a category and the ad naming it that expire together both go in the same sweep.
 */
// biome-ignore lint/suspicious/noExplicitAny: each entry is a Trashable of its own record type.
export const TRASHABLES: Record<TrashTargetType, Trashable<any>> = {
  article: ARTICLE_TRASH,
  advertisement: ADVERTISEMENT_TRASH,
  epaper: EPAPER_TRASH,
  'breaking-news': BREAKING_NEWS_TRASH,
  menu: MENU_TRASH,
  category: CATEGORY_TRASH,
  client: CLIENT_TRASH,
};
