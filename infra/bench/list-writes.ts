/**
 * The writes infra/bench/list.ts measures: one editor's save and one autosave of a seeded article, as the API
 * writes them (functions/article/save.ts, functions/article/editing/autosave.ts).
 */
import { writeAutosave } from '../../functions/article/editing/autosave';
import { fieldsOfArticle } from '../../functions/article/fields';
import {
  type ArticleRecord,
  autosaveSpent,
  contentItem,
  getArticle,
  historyItem,
  replaceArticle,
  revisionItem,
  searchEntry,
} from '../../functions/article/model';
import { tableName } from '../../functions/lib/db/client';
import { termsOfEntry } from '../../functions/search/writes';

/**
 * Saves one article as an editor's Save with the same title and status writes it (functions/article/save.ts: row,
 * history, content, revision, the autosave spent, the postings; the lock is a ConditionCheck, read not written):
 * returns the items the transaction wrote.
 */
export async function saveOnce(id: string): Promise<number> {
  const found = await getArticle(id);
  if (!found) throw new Error(`no article ${id}`);
  const current = found.row;
  const at = new Date().toISOString();
  const next: ArticleRecord = { ...current, updatedAt: at, version: current.version + 1 };
  const entry = {
    _id: `bench${Date.now()}`,
    at,
    by: null,
    action: 'save',
    from: current.status,
    to: current.status,
    changed: [],
  };
  const revision = (current.revisions ?? 0) + 1;
  await replaceArticle(current, { ...next, revisions: revision }, [
    historyItem(id, entry),
    { Put: { TableName: tableName(), Item: contentItem(next, found.content) } },
    revisionItem(id, {
      number: revision,
      version: next.version,
      at,
      by: null,
      action: 'save',
      status: current.status,
      live: false,
      title: current.title,
      fields: fieldsOfArticle(current, found.content),
    }),
    autosaveSpent(id, 'bench'),
  ]);
  // The row, the history entry, the content, the revision, the autosave and one posting per term of the title.
  return 5 + termsOfEntry(searchEntry(current)).length;
}

/** Autosaves one article's whole form as its editor would (functions/article/editing/autosave.ts): returns its size. */
export async function autosaveOnce(id: string): Promise<number> {
  const found = await getArticle(id);
  if (!found) throw new Error(`no article ${id}`);
  const fields = fieldsOfArticle(found.row, found.content);
  await writeAutosave(id, 'bench', { baseVersion: found.row.version, fields }, new Date());
  return Buffer.byteLength(JSON.stringify(fields));
}
