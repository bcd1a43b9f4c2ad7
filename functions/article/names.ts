/**
 * The names an article's list row copies (its categories' and its author's, as of its last save), brought up
 * to date after a rename (functions/name-sync/). The row and its title-index postings, which carry the same
 * names, change in one transaction, at the version read and without moving it.
 *
 * Cost: the articles of a category (or of an author) are found by their name references (ARTICLE_NAMES, written
 * with every save), not by reading the archive: a rename reads its references (about 70 to a read unit) and each
 * of its articles' rows by key (one unit each), whatever the archive's size. Each changed row is one transaction
 * with its postings (functions/README.md → Names in list rows).
 */

import { SEARCH_INDEX_VERSION } from '../../shared/constants';
import { copiedNames, renamedField, renamedRefs } from '../lib/db/copies';
import { equals } from '../lib/db/paging';
import type { NameChange } from '../lib/renames';
import { postingRefreshWrites, recordIndexWrites } from '../search/writes';
import { ARTICLE_NAMES, ARTICLES_BACKFILL, ARTICLES_INDEXED, type ArticleRecord } from './model';

/** The renames an article row copies. */
export type ArticleNameChange = NameChange & { kind: 'category' | 'user' };

const renamed = (a: ArticleRecord, change: ArticleNameChange): Partial<ArticleRecord> | undefined => {
  if (change.kind === 'user')
    return a.user === change.id ? renamedField(a.authorName, 'authorName', change.name) : undefined;
  const categoryNames = renamedRefs(a.categoryNames, change.id, change.name);
  return categoryNames && { categoryNames };
};

/**
 * The row's new names, and the postings it has put again with them (same title and tab: same terms, no counter
 * moves). A title with more postings than one transaction holds beside the row gets the first of them; the others
 * show the old name in search rows until the article's next save.
 */
function update(a: ArticleRecord, change: ArticleNameChange) {
  const set = renamed(a, change);
  if (!set) return undefined;
  if (a.searchIndexed) {
    return {
      set,
      also: postingRefreshWrites(ARTICLES_INDEXED, a, { ...a, ...set }),
      // Indexed as read, so the postings exist (a record leaves the index only with a version move).
      condition: equals('searchIndexed', a.searchIndexed),
    };
  }
  // Not indexed yet (saved before the index): indexed now when it fits, as the backfill would, so that a backfill
  // that read the row before this write cannot put postings with the old names after it (its condition then fails).
  const entering = recordIndexWrites(ARTICLES_INDEXED, undefined, { ...a, ...set });
  const fits = entering.length <= 99;
  return {
    set: fits ? { ...set, searchIndexed: true, searchIndexVersion: SEARCH_INDEX_VERSION } : set,
    also: fits ? entering : [],
    condition: {
      expression: 'attribute_not_exists(#indexed) OR #indexed = :notIndexed',
      names: { '#indexed': 'searchIndexed' },
      values: { ':notIndexed': false },
    },
  };
}

const articleNames = copiedNames(ARTICLE_NAMES, ARTICLES_BACKFILL, update);

/** One bounded step of bringing the articles' rows up to date with a rename; go on from `next`. */
export const refreshArticleNames = articleNames.refresh;

/**
 * Writes the name references of the articles saved before them: a pass over every row (the All partition, as the
 * index backfill walks it), run by `npm run migrate:search-index` and at `npm start`.
 */
export const listArticleNames = articleNames.listAll;
