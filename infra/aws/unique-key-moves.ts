/**
 * The uniqueness items written before look-alike keys (functions/lib/lookalike.ts), for the pass that moves them
 * (functions/lib/db/unique-keys.ts): each entity's records, live and in the trash, with the key its module built then
 * and builds now.
 */

import { ARTICLES_PARTITION, articleSlugKey, legacyArticleSlugKey } from '../../functions/article/model';
import { CATEGORIES_PARTITION, categorySlugKey, legacyCategorySlugKey } from '../../functions/category/model';
import { epaperModel, epaperSlugKey, legacyEpaperSlugKey } from '../../functions/epaper/model';
import type { UniqueKeyMove, UniqueKeyMoves } from '../../functions/lib/db/unique-keys';
import { legacyRoleNameKey, roleModel, roleNameKey } from '../../functions/role/model';
import { trashListing } from '../../functions/trash/model';

/** The record a listed item is: the item itself, or the record a trashed item holds. */
const recordOf = (item: Record<string, unknown>) =>
  (item.record ?? item) as { _id?: string; slug?: string; name?: string };

const slugMove =
  (legacy: (slug: string) => UniqueKeyMove['from'], current: (slug: string) => UniqueKeyMove['to'], owner: string) =>
  (item: Record<string, unknown>): UniqueKeyMove | undefined => {
    const { _id, slug } = recordOf(item);
    return _id && slug ? { id: _id, from: legacy(slug), to: current(slug), owner } : undefined;
  };

export const UNIQUE_KEY_MOVES: UniqueKeyMoves[] = [
  {
    name: 'role names',
    listings: [roleModel.listing('gsi1')],
    moveOf: (item) => {
      const { _id, name } = recordOf(item);
      return _id && name
        ? { id: _id, from: legacyRoleNameKey(name), to: roleNameKey(name), owner: 'roleId' }
        : undefined;
    },
  },
  {
    name: 'category slugs',
    listings: [CATEGORIES_PARTITION, trashListing('CATEGORY')],
    moveOf: slugMove(legacyCategorySlugKey, categorySlugKey, 'categoryId'),
  },
  {
    name: 'article slugs',
    listings: [{ index: 'gsi1', partition: ARTICLES_PARTITION }, trashListing('CMS')],
    moveOf: slugMove(legacyArticleSlugKey, articleSlugKey, 'articleId'),
  },
  {
    name: 'e-paper slugs',
    listings: [epaperModel.listing('gsi1'), trashListing('EPAPER')],
    moveOf: slugMove(legacyEpaperSlugKey, epaperSlugKey, 'epaperId'),
  },
];
