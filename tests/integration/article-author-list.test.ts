import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backfillArticleListings } from '../../functions/article/listings-backfill';
import { findArticles } from '../../functions/article/service';
import { db } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { attachMeter, type Meter } from '../../infra/bench/dynamo-meter';
import { SORT_REFUSALS } from '../../shared/article-sort';
import type { ArticleType } from '../../shared/constants';
import { articleListQuerySchema } from '../../shared/schemas/article';
import type { ArticleDetail } from '../../shared/schemas/article-record';
import type { ListPage } from '../../shared/schemas/common';
import {
  articleFields,
  articleRecord,
  createArticle,
  createCategory,
  createUser,
  listArticles,
  moveArticle,
  putLegacyArticle,
} from './factories';
import { admin, call, editorCall, errorText, inHours, login } from './helpers';

interface Row {
  _id: string;
  title: string;
  status: string;
  type: string;
  version: number;
  user: { _id: string; name: string } | null;
}
/** What GET /cms answers, read through the few row fields these tests look at. */
type Page = ListPage<Row>;
type Counts = Record<string, number>;

let token: string;
let categoryId: string;

/** A valid article of `type` by `author` in this file's category. */
const fields = (title: string, author: string, type: ArticleType = 'Article') =>
  articleFields({ categories: [categoryId], user: author }, { title, type });

const list = (query: string): Promise<Page> => listArticles(token, query);

async function countsOf(author: string): Promise<Counts> {
  const res = await call<Counts>('GET', `/cms/counts?author=${author}`, { token });
  if (res.status !== 200 || !res.body.data) throw new Error(`counts failed: ${res.status} ${errorText(res)}`);
  return res.body.data;
}

const titles = (page: Page) => page.list.map((row) => row.title);
const author = async (name: string) => (await createUser({ name }))._id;

let meter: Meter | undefined;
afterEach(() => meter?.detach());

/** What `fn` cost on this process's DynamoDB client. */
async function cost(fn: () => Promise<unknown>) {
  meter = attachMeter(db());
  try {
    return (await meter.measure(fn)).reading;
  } finally {
    meter.detach();
    meter = undefined;
  }
}

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  categoryId = (await createCategory(token, { name: `By author ${newId()}` }))._id;
});

describe("an author's articles (GET /cms?author=)", () => {
  it('lists only their articles in each tab, newest first, with exact totals from their counter', async () => {
    const ana = await author('Ana Author');
    const other = await author('Otto Other');
    const mine: ArticleDetail[] = [];
    for (const [i, action] of (['save', 'publish', 'save', 'save', 'publish'] as const).entries()) {
      mine.push(await createArticle(token, fields(`Ana ${i}`, ana), action));
      await createArticle(token, fields(`Otto ${i}`, other), action);
    }
    const all = await list(`author=${ana}`);
    expect(titles(all)).toEqual(['Ana 4', 'Ana 3', 'Ana 2', 'Ana 1', 'Ana 0']);
    expect(all.total).toBe(5);
    expect(all.list.every((row) => row.user?._id === ana && row.user.name === 'Ana Author')).toBe(true);
    const drafts = await list(`author=${ana}&status=Draft`);
    expect([titles(drafts), drafts.total]).toEqual([['Ana 3', 'Ana 2', 'Ana 0'], 3]);
    const live = await list(`author=${ana}&status=Publish`);
    expect([titles(live), live.total]).toEqual([['Ana 4', 'Ana 1'], 2]);
    expect(titles(await list(`author=${ana}&order=asc`))).toEqual(['Ana 0', 'Ana 1', 'Ana 2', 'Ana 3', 'Ana 4']);
    expect(await countsOf(ana)).toMatchObject({ ALL: 5, Draft: 3, Published: 2, 'Need Review': 0 });

    // Pages of 2, by number and by the neighbours' cursors.
    const second = await list(`author=${ana}&limit=2&page=2`);
    expect([titles(second), second.total]).toEqual([['Ana 2', 'Ana 1'], 5]);
    const third = await list(`author=${ana}&limit=2&page=3&cursor=${encodeURIComponent(second.next ?? '')}`);
    expect(titles(third)).toEqual(['Ana 0']);
    const back = await list(`author=${ana}&limit=2&page=1&cursor=${encodeURIComponent(second.prev ?? '')}`);
    expect(titles(back)).toEqual(['Ana 4', 'Ana 3']);
  });

  it('moves the listing and the totals with a status action, an author change, the trash and a restore', async () => {
    const ana = await author('Ana Mover');
    const bo = await author('Bo Mover');
    const draft = await createArticle(token, fields('Moving draft', ana));
    const published = await moveArticle(token, draft, 'publish');
    expect(titles(await list(`author=${ana}&status=Draft`))).toEqual([]);
    expect(titles(await list(`author=${ana}&status=Publish`))).toEqual(['Moving draft']);
    expect(await countsOf(ana)).toMatchObject({ ALL: 1, Draft: 0, Published: 1 });

    // A save naming another author moves the article to their listing, in the same transaction.
    const res = await editorCall<Row>('PATCH', `/cms/${published._id}`, {
      token,
      body: { version: published.version, action: 'publish', ...fields('Moving draft', bo) },
    });
    expect(res.status, errorText(res)).toBe(200);
    expect(titles(await list(`author=${ana}`))).toEqual([]);
    expect(titles(await list(`author=${bo}&status=Publish`))).toEqual(['Moving draft']);
    expect(await countsOf(ana)).toMatchObject({ ALL: 0, Published: 0 });
    expect(await countsOf(bo)).toMatchObject({ ALL: 1, Published: 1 });

    expect((await call('DELETE', `/cms/${published._id}`, { token })).status).toBe(200);
    expect((await list(`author=${bo}`)).total).toBe(0);
    expect(await countsOf(bo)).toMatchObject({ ALL: 0, Published: 0 });
    expect((await call('POST', `/cms/trash/${published._id}/restore`, { token })).status).toBe(200);
    expect(titles(await list(`author=${bo}&status=Publish`))).toEqual(['Moving draft']);
    expect(await countsOf(bo)).toMatchObject({ ALL: 1, Published: 1 });
  });

  it("narrows the author's listing by type, created date and title words, counting every match", async () => {
    const ana = await author('Ana Filters');
    const other = await author('Otto Filters');
    await createArticle(token, fields('Monsoon blog', ana, 'Blog'), 'save');
    await createArticle(token, fields('Monsoon article', ana));
    await createArticle(token, fields('Budget article', ana));
    await createArticle(token, fields('Monsoon elsewhere', other));
    const blogs = await list(`author=${ana}&type=Blog`);
    expect([titles(blogs), blogs.total]).toEqual([['Monsoon blog'], 1]);
    const found = await list(`author=${ana}&search=monsoon`);
    expect([titles(found), found.total]).toEqual([['Monsoon article', 'Monsoon blog'], 2]);
    const today = await list(`author=${ana}&from=${inHours(-1)}&to=${inHours(1)}&categories=${categoryId}`);
    expect(today.total).toBe(3);
  });

  it('refuses an order their listing does not hold, and an author that is not a user id', async () => {
    const ana = await author('Ana Sorted');
    const refused = await call('GET', `/cms?author=${ana}&sort=updated`, { token });
    expect([refused.status, errorText(refused).replace(/^[A-Za-z]+: /, '')]).toEqual([400, SORT_REFUSALS.author]);
    expect((await call('GET', '/cms?author=nobody', { token })).status).toBe(400);
    expect((await call('GET', '/cms/counts?author=nobody', { token })).status).toBe(400);
  });

  it("reads one page of the author's listing and that page's rows, whatever else the table holds", async () => {
    const ana = await author('Ana Cost');
    for (let i = 0; i < 12; i++) await createArticle(token, fields(`Cost ${i}`, ana));
    const query = (extra: Record<string, string>) =>
      articleListQuerySchema.parse({ author: ana, limit: '5', ...extra }) as Parameters<typeof findArticles>[0];
    let page: Page | undefined;
    const reading = await cost(async () => {
      page = (await findArticles(query({}))) as unknown as Page;
    });
    expect(page?.list.map((row) => row.title)).toEqual(['Cost 11', 'Cost 10', 'Cost 9', 'Cost 8', 'Cost 7']);
    expect(page?.total).toBe(12);
    // 5 listing items, 5 rows by key, 1 counter item: the archive and the author's other articles are not read.
    expect(reading.itemsRead).toBeLessThanOrEqual(11);
    expect(reading.byCommand).toEqual({ Query: 1, BatchGetItem: 1, GetItem: 1 });
  });
});

describe('articles saved before the author listing', () => {
  it('are listed, and counted once, by the backfill', async () => {
    const ana = await author('Ana Legacy');
    const row = articleRecord(
      { _id: ana, name: 'Ana Legacy' },
      { title: 'Legacy page', slug: `legacy-author-${newId().toLowerCase()}` },
    );
    await putLegacyArticle(row);
    expect((await list(`author=${ana}`)).total).toBe(0);

    await backfillArticleListings();
    await backfillArticleListings();
    const listed = await list(`author=${ana}&status=Draft`);
    expect([titles(listed), listed.total]).toEqual([['Legacy page'], 1]);
    expect(await countsOf(ana)).toMatchObject({ ALL: 1, Draft: 1 });

    // Its next save moves the listing it now has, rather than listing it again.
    const published = await moveArticle(token, { ...listed.list[0], version: 1 } as Row, 'publish');
    expect(published.status).toBe('Published');
    expect(await countsOf(ana)).toMatchObject({ ALL: 1, Draft: 0, Published: 1 });
  });
});
