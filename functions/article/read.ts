/**
 * An article as an editor opens it: its row, content, draft and lock in one Query. Kept apart from model.ts (which
 * re-exports it) so that code which only reads an article, the public preview Lambda's above all, reaches none of
 * the article's writes.
 */
import { queryFirst } from '../lib/db/paging';
import { withoutKeys } from '../lib/db/reads';
import { ARTICLE_READ_RANGE, articleContentKey, articleDraftKey, articleKey, articleLockKey } from './keys';
import type { ArticleContent, ArticleRecord, DraftRecord, LoadedArticle, LockRecord } from './records';

/** The article as an editor opens it, in one Query (`CMS` … `LOCK`). */
export async function getArticle(id: string): Promise<LoadedArticle | undefined> {
  const read = { index: 'table' as const, partition: articleKey(id).pk, ...ARTICLE_READ_RANGE, consistent: true };
  const found = await queryFirst<Record<string, unknown>>(read, 10);
  const items = new Map(found.map((item) => [String(item.sk), item]));
  const row = items.get(articleKey(id).sk);
  const content = items.get(articleContentKey(id).sk);
  if (!row || !content) return undefined;
  const { _id: _i, ...rest } = withoutKeys<ArticleContent & { _id: string }>(content);
  const draft = items.get(articleDraftKey(id).sk);
  const lock = items.get(articleLockKey(id).sk);
  return {
    row: withoutKeys<ArticleRecord>(row),
    content: rest,
    draft: draft && withoutKeys<DraftRecord>(draft),
    lock: lock && withoutKeys<LockRecord>(lock),
  };
}
