/**
 * The authors' listings and totals (model.ts: articleByAuthorKey, authorListingWrites) and the page
 * indexes (model.ts: ARTICLE_PAGES, articlePageWrites) for articles written before them: a pass over
 * every article (a copies pass, lib/db/copies.ts) lists and counts each one not done yet, in its own transaction
 * at the version read and without moving it. A save before the pass lists the article itself (it sees the marks
 * unset and writes what they stand for), and the pass then finds it done; a save or a move to the trash that read
 * the article before the pass and writes after it fails like a stale version (ARTICLES_INDEXED.unchanged), rather
 * than count the article twice.
 */
import { type CopySource, refreshCopies, type StartKey, stepToTheEnd } from '../lib/db/copies';
import { ARTICLES_BACKFILL, type ArticleRecord, articlePageWrites, authorListingWrites } from './model';

const listing: CopySource<ArticleRecord> = {
  listing: ARTICLES_BACKFILL.listing,
  recordOf: ARTICLES_BACKFILL.recordOf,
  keyOf: ARTICLES_BACKFILL.keyOf,
  update: (article) => {
    if (article.authorListed && article.pagesCounted) return undefined;
    const done: ArticleRecord = { ...article, authorListed: true, pagesCounted: true };
    return {
      set: { authorListed: true, pagesCounted: true },
      also: [...authorListingWrites(article, done), ...articlePageWrites(article, done)],
    };
  },
};

/** Lists and counts every article not done yet; returns how many it did and how many were busy. */
export async function backfillArticleListings(onPage?: (listed: number) => void) {
  const pageByPage = ({ start }: { start?: StartKey }) => refreshCopies(listing, { start, pages: 1 });
  const { updated, busy } = await stepToTheEnd(pageByPage, (total) => onPage?.(total.updated));
  return { listed: updated, busy };
}
