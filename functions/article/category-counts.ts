/**
 * The per-category article counters (functions/category/model.ts) for articles written before them: a pass over
 * every article (a copies pass, lib/db/copies.ts) counts each one not counted yet, in its own transaction at the
 * version read and without moving it; an editor's save in between counts the article itself.
 */
import { markingPass, refreshCopies, type StartKey, stepToTheEnd } from '../lib/db/copies';
import { ARTICLES_BACKFILL, type ArticleRecord, categoryCountWrites } from './model';

const counting = markingPass<ArticleRecord>(ARTICLES_BACKFILL, 'categoriesCounted', (article) =>
  categoryCountWrites(article, { ...article, categoriesCounted: true }),
);

/** Counts every article not counted yet; returns how many it counted and how many were busy (run again). */
export async function countArticlesInCategories(onPage?: (counted: number) => void) {
  const pageByPage = ({ start }: { start?: StartKey }) => refreshCopies(counting, { start, pages: 1 });
  const { updated, busy } = await stepToTheEnd(pageByPage, (total) => onPage?.(total.updated));
  return { counted: updated, busy };
}
