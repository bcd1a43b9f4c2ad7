/**
 * The authors' listings and totals (keys.ts, articleByAuthorKey; items.ts, authorListingWrites) for articles written
 * before them: a pass over every article (a copies pass, lib/db/copies.ts) lists each one not listed yet, in its own
 * transaction at the version read and without moving it; an editor's save in between lists the article itself (its
 * save sees `authorListed` unset and writes the listing), and this pass's condition then fails for it.
 */
import { type CopySource, refreshCopies, type StartKey } from '../lib/db/copies';
import { ARTICLES_BACKFILL, type ArticleRecord, authorListingWrites } from './items';

const listing: CopySource<ArticleRecord> = {
  listing: ARTICLES_BACKFILL.listing,
  recordOf: ARTICLES_BACKFILL.recordOf,
  keyOf: ARTICLES_BACKFILL.keyOf,
  update: (article) =>
    article.authorListed
      ? undefined
      : {
          set: { authorListed: true },
          also: authorListingWrites(undefined, { ...article, authorListed: true }),
          condition: {
            expression: 'attribute_not_exists(#listed) OR #listed = :no',
            names: { '#listed': 'authorListed' },
            values: { ':no': false },
          },
        },
};

/** Lists every article not listed yet under its author; returns how many it listed and how many were busy. */
export async function listArticlesByAuthor(onPage?: (listed: number) => void) {
  let listed = 0;
  let busy = 0;
  let start: StartKey | undefined;
  do {
    const progress = await refreshCopies(listing, { start, pages: 1 });
    listed += progress.updated;
    busy += progress.busy;
    start = progress.next;
    onPage?.(listed);
  } while (start);
  return { listed, busy };
}
