/**
 * Any page of the article list by its number (GET /cms `page`, no cursor) through the page index
 * (functions/lib/db/page-index.ts): the months, days and hours of the tab's created dates narrow where the page
 * starts, so page N costs a few small reads whatever N. Every page by number must be exactly the page the cursors
 * reach, in the All tab, a status tab, oldest first and an author's listing, also after saves move articles
 * between two clicks; a tab the index does not fully count (articles from before it) is read by skipping until
 * the backfill counts them, and a save computed before the backfill cannot count an article twice.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backfillArticleListings } from '../../functions/article/listings-backfill';
import {
  type ArticleRecord,
  contentItem,
  getArticle,
  getArticleRow,
  insertArticle,
  replaceArticle,
  rowItem,
} from '../../functions/article/model';
import { findArticles } from '../../functions/article/service';
import { db, tableName } from '../../functions/lib/db/client';
import { counterUpdate } from '../../functions/lib/db/counters';
import { transact } from '../../functions/lib/db/records';
import { newId } from '../../functions/lib/ids';
import { attachMeter, type Meter } from '../../infra/bench/dynamo-meter';
import { articleListQuerySchema } from '../../shared/schemas/article';
import {
  type ArticleListPage,
  articleFields,
  createArticle,
  createCategory,
  createUser,
  type ListedArticle,
  listArticles,
} from './factories';
import { admin, call, editorCall, errorText, login } from './helpers';

let token: string;
let categoryId: string;
let authorId: string;
let template: { row: ArticleRecord; content: Awaited<ReturnType<typeof getArticle>> };

const list = (query: string): Promise<ArticleListPage> => listArticles(token, query);

/** Every id of a tab in its order, walked by the neighbours' cursors (100 a page): the truth a jump must match. */
async function walk(query: string): Promise<string[]> {
  const ids: string[] = [];
  let page = await list(`${query}&limit=100`);
  for (let n = 2; ; n++) {
    ids.push(...page.list.map((row) => row._id));
    if (!page.next) return ids;
    page = await list(`${query}&limit=100&page=${n}&cursor=${encodeURIComponent(page.next)}`);
  }
}

let meter: Meter | undefined;
afterEach(() => meter?.detach());

/** One page read in this process (findArticles, as the handler calls it), and what it cost on its client. */
async function cost(query: Record<string, string>) {
  meter = attachMeter(db());
  try {
    const parsed = articleListQuerySchema.parse(query) as Parameters<typeof findArticles>[0];
    const { result, reading } = await meter.measure(() => findArticles(parsed));
    return { result: result as unknown as ArticleListPage, reading };
  } finally {
    meter.detach();
    meter = undefined;
  }
}

/** An article as the API stores it, created at `createdAt`, in `status`, through the repository's own insert. */
async function plant(createdAt: string, status: ArticleRecord['status'], title: string) {
  const id = newId();
  const row: ArticleRecord = {
    ...template.row,
    _id: id,
    title,
    slug: `jump-${id.toLowerCase()}`,
    status,
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
  const { content } = template.content ?? { content: undefined };
  if (!content) throw new Error('no template content');
  await insertArticle(row, content, []);
  return row;
}

/** Checks page after page, by number, against `truth`, with page sizes that cut the busy minute differently. */
async function expectJumps(query: string, truth: readonly string[]) {
  for (const limit of [7, 10, 25]) {
    const last = Math.ceil(truth.length / limit);
    for (const page of new Set([2, 3, Math.ceil(last / 2), last - 1, last, last + 1].filter((p) => p >= 2))) {
      const found = await list(`${query}&limit=${limit}&page=${page}`);
      expect({ page, limit, ids: found.list.map((row) => row._id) }).toEqual({
        page,
        limit,
        ids: truth.slice((page - 1) * limit, page * limit),
      });
      expect(found.total).toBe(truth.length);
    }
  }
}

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  categoryId = (await createCategory(token, { name: `Page jumps ${newId()}` }))._id;
  authorId = (await createUser({ name: 'Paige Jumper' }))._id;
  const { _id: id } = await createArticle(
    token,
    articleFields({ categories: [categoryId], user: authorId }, { title: 'Page jump template' }),
  );
  template = { row: (await getArticleRow(id)) as ArticleRecord, content: await getArticle(id) };

  // Created dates over three months, several days and hours, with a busy minute (24 articles in one minute, some
  // at the same millisecond) and articles of one hour in different minutes; a third of them Published.
  const instants: string[] = [];
  for (const month of ['2024-03', '2024-04', '2024-06'])
    for (const d of ['02', '15', '28'])
      for (const h of ['00', '09', '23'])
        instants.push(`${month}-${d}T${h}:${String(Number(d) % 60).padStart(2, '0')}:10.000Z`);
  for (let i = 0; i < 24; i++) instants.push(`2024-04-15T09:41:${String(i % 12).padStart(2, '0')}.500Z`);
  for (const mm of ['00', '01', '30', '59']) instants.push(`2024-06-28T23:${mm}:00.000Z`);
  for (const [i, at] of instants.entries()) await plant(at, i % 3 === 0 ? 'Published' : 'Draft', `Jump ${i}`);
});

describe('any page by its number (GET /cms?page=N)', () => {
  it('is the page the cursors reach, in All, a status tab, oldest first and an author listing', async () => {
    await expectJumps('order=desc', await walk('order=desc'));
    await expectJumps('status=Draft', await walk('status=Draft'));
    await expectJumps('order=asc', await walk('order=asc'));
    await expectJumps(`author=${authorId}`, await walk(`author=${authorId}`));
  });

  it('reads a few small items for a deep page, not the pages before it', async () => {
    const truth = await walk('order=desc');
    const page = Math.ceil(truth.length / 5) - 1;
    const { result, reading } = await cost({ limit: '5', page: String(page) });
    expect(result.list.map((row) => row._id)).toEqual(truth.slice((page - 1) * 5, page * 5));
    // The months beside the total, the days, the hours, the page: whatever the page's number.
    expect(reading.requests).toBeLessThanOrEqual(5);
    // The page, the items of its minute before it (24 at most here) and the index's few items.
    expect(reading.itemsRead).toBeLessThan(5 + 24 + 60);
    expect(reading.itemsRead).toBeLessThan((page - 1) * 5);
  });

  it('stays exact when saves move articles between two clicks', async () => {
    const before = await walk('status=Draft');
    const middle = Math.ceil(before.length / 10 / 2);
    await list(`status=Draft&limit=10&page=${middle}`);
    // New drafts (page 1 moves down), an old draft published, one trashed: the next click sees all of it.
    await plant(new Date().toISOString(), 'Draft', 'Jump new 1');
    await plant('2024-04-15T09:41:03.500Z', 'Draft', 'Jump same minute');
    const old = await getArticleRow(before.at(-3) ?? '');
    if (!old) throw new Error('missing');
    const published = await editorCall<ListedArticle>('PATCH', `/cms/${old._id}`, {
      token,
      body: { version: old.version, action: 'publish' },
    });
    expect(published.status, errorText(published)).toBe(200);
    const trashed = await call('DELETE', `/cms/${before[5]}`, { token });
    expect(trashed.status, errorText(trashed)).toBe(200);
    const after = await walk('status=Draft');
    expect(after).not.toEqual(before);
    await expectJumps('status=Draft', after);
    await expectJumps('order=desc', await walk('order=desc'));
  });

  it('reads a tab by skipping while articles from before the index are uncounted, and the backfill counts them', async () => {
    // Rows from before the page index: stored with their tab counters, never counted in the index.
    const old: ArticleRecord[] = [];
    for (let i = 0; i < 3; i++) {
      const row = { ...template.row, _id: newId(), title: `Jump old ${i}`, status: 'Draft' as const };
      row.createdAt = `2024-05-0${i + 1}T12:00:00.000Z`;
      row.slug = `jump-old-${row._id.toLowerCase()}`;
      const { pagesCounted: _p, authorListed: _a, ...uncounted } = row;
      await db().send(new PutCommand({ TableName: tableName(), Item: rowItem(uncounted as ArticleRecord) }));
      const content = template.content?.content;
      if (content) await db().send(new PutCommand({ TableName: tableName(), Item: contentItem(row, content) }));
      await transact([counterUpdate('CMS', 'ALL', 1), counterUpdate('CMS', 'Draft', 1)]);
      old.push(uncounted as ArticleRecord);
    }
    const truth = await walk('status=Draft');
    expect(truth).toEqual(expect.arrayContaining(old.map((row) => row._id)));
    await expectJumps('status=Draft', truth);
    const lastPage = { status: 'Draft', limit: '5', page: String(Math.ceil(truth.length / 5)) };
    const skipping = await cost(lastPage);
    expect(skipping.reading.itemsRead).toBeGreaterThanOrEqual(truth.length - 5);

    // A save computed from the uncounted row, written after the backfill counted it, would count it twice: 409.
    const stale = (await getArticleRow(old[0]?._id ?? '')) as ArticleRecord;
    await backfillArticleListings();
    await expect(replaceArticle(stale, { ...stale, title: 'Jump old 0, saved late' }, [])).rejects.toMatchObject({
      status: 409,
    });
    await expectJumps('status=Draft', truth);
    const indexed = await cost(lastPage);
    expect(indexed.reading.itemsRead).toBeLessThan(60);
  });
});
