/**
 * Articles in the trash (functions/trash/). The list row (`CMS`) moves to `TRASH` in the same partition, so every
 * read of the article misses it (getArticle: 404) while its content, history, draft, revisions and autosaves wait
 * beside it. The move takes it out of the tabs, the status counters, its categories' article counts, the title
 * index and the home page, with a history entry; a restore puts the row back (rowItem), the reverse, as long as its
 * categories are not in the trash. Deleting it for good deletes the whole partition and frees its slug.
 */

import { ARTICLE_RESOURCE } from '../../shared/permissions';
import { ARTICLE_SLUG_TAKEN as SLUG_TAKEN } from '../../shared/slug';
import { removeArticleFromLayout } from '../home-layout/model';
import { nameReferenceWrites } from '../lib/db/copies';
import { counterUpdate } from '../lib/db/counters';
import { deleteItem } from '../lib/db/records';
import { newId } from '../lib/ids';
import { reclaimUnique } from '../trash/model';
import { refusing } from '../trash/transaction';
import type { Trashable, TrashMove } from '../trash/trashable';
import {
  ARTICLE_NAMES,
  ARTICLES_INDEXED,
  type ArticleRecord,
  articleKey,
  articlePageWrites,
  articleSlugKey,
  authorListingWrites,
  CMS_ENTITY,
  categoryCountWrites,
  historyItem,
  returnedWrites,
  rowItem,
} from './model';

export const CATEGORY_IN_TRASH_MESSAGE = 'A category of this article was removed: restore that category first';

const historyOf = (a: ArticleRecord, action: 'trash' | 'restore', move: TrashMove) =>
  historyItem(a._id, { _id: newId(), at: move.at, by: move.by, action, from: a.status, to: a.status, changed: [] });

export const ARTICLE_TRASH: Trashable<ArticleRecord> = {
  entity: CMS_ENTITY,
  auditType: 'article',
  notFoundMessage: 'No such article',
  key: articleKey,
  itemOf: rowItem,
  indexed: ARTICLES_INDEXED,
  titleOf: (a) => a.title,
  ownership: { resource: ARTICLE_RESOURCE, ownerOf: (a) => a.user, noun: 'articles' },
  leaving: (a, move) => [
    counterUpdate(CMS_ENTITY, 'ALL', -1),
    counterUpdate(CMS_ENTITY, a.status, -1),
    ...categoryCountWrites(a, undefined),
    // Out of its author's listing and totals while it is in the trash.
    ...authorListingWrites(a, undefined),
    ...articlePageWrites(a, undefined),
    // Off the author's "Returned to me" while it is in the trash; back with it on a restore.
    ...returnedWrites(a, undefined),
    historyOf(a, 'trash', move),
  ],
  restored: (a) => ({ ...a, categoriesCounted: true, namesListed: true, authorListed: true, pagesCounted: true }),
  returning: (a, move) => [
    counterUpdate(CMS_ENTITY, 'ALL', 1),
    counterUpdate(CMS_ENTITY, a.status, 1),
    ...categoryCountWrites(undefined, a).map((write) => refusing(write, CATEGORY_IN_TRASH_MESSAGE)),
    // Its name references stay while it is in the trash; put again, for one trashed before they existed.
    ...nameReferenceWrites(ARTICLE_NAMES, undefined, a),
    reclaimUnique(articleSlugKey(a.slug), { attribute: 'articleId', id: a._id }, SLUG_TAKEN),
    ...authorListingWrites(undefined, a),
    ...articlePageWrites(undefined, a),
    ...returnedWrites(undefined, a),
    historyOf(a, 'restore', move),
  ],
  purging: (a) => [deleteItem(articleSlugKey(a.slug)), ...nameReferenceWrites(ARTICLE_NAMES, a, undefined)],
  afterTrash: async (a) => {
    await removeArticleFromLayout(a._id);
  },
};
