/**
 * The article list's tab counts (GET /cms/counts) and its orders (GET /cms `sort`, `order`): each order a Query
 * of the index that holds it (created: gsi1/gsi2, updated: gsi4 on All, publish date: gsi3 on Scheduled), both
 * ways, by number and by cursor; the pairs no index serves are refused with the reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../functions/lib/ids';
import { SORT_REFUSALS } from '../../shared/article-sort';
import { ARTICLE_STATUSES } from '../../shared/constants';
import { PERMISSION_DENIED_MESSAGE } from '../../shared/permissions';
import type { ListPage } from '../../shared/schemas/common';
import { actorWith, articleFields, createArticle, createCategory, listArticles } from './factories';
import { call, errorText, inHours, rootSession } from './helpers';

interface Row {
  _id: string;
  title: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  publishDate: string | null;
  version: number;
}
/** What GET /cms answers, read through the few row fields these tests look at. */
type Page = ListPage<Row>;
type Counts = Record<string, number>;

let token: string;
let adminId: string;

const list = (query: string): Promise<Page> => listArticles(token, query);

const counts = async (as = token) => call<Counts>('GET', '/cms/counts', { token: as });
const titles = (page: Page) => page.list.map((row) => row.title);
const ascending = (values: string[]) => values.every((value, i) => i === 0 || (values[i - 1] ?? '') <= value);
const descending = (values: string[]) => values.every((value, i) => i === 0 || (values[i - 1] ?? '') >= value);

beforeAll(async () => {
  ({ token, id: adminId } = await rootSession());
});

describe('the tab counts (GET /cms/counts)', () => {
  it('answers every status and ALL from the counters, and moves with creates and status actions', async () => {
    const before = (await counts()).body.data as Counts;
    expect(Object.keys(before).sort()).toEqual(['ALL', ...ARTICLE_STATUSES].sort());
    const cat = (await createCategory(token, { name: `Order ${newId()}` }))._id;
    const draft = await createArticle(
      token,
      articleFields({ categories: [cat], user: adminId }, { title: `Counted draft ${newId()}` }),
    );
    await createArticle(
      token,
      articleFields({ categories: [cat], user: adminId }, { title: `Counted live ${newId()}` }),
      'publish',
    );
    const after = (await counts()).body.data as Counts;
    expect(after.ALL).toBe((before.ALL ?? 0) + 2);
    expect(after.Draft).toBe((before.Draft ?? 0) + 1);
    expect(after.Published).toBe((before.Published ?? 0) + 1);

    // A list action moves the counters with the status.
    await call('PATCH', `/cms/${draft._id}`, { token, body: { version: draft.version, action: 'publish' } });
    const moved = (await counts()).body.data as Counts;
    expect(moved.Draft).toBe((after.Draft ?? 0) - 1);
    expect(moved.Published).toBe((after.Published ?? 0) + 1);
    expect(moved.ALL).toBe(after.ALL);
  });

  it('needs Read on articles', async () => {
    const outsider = await actorWith({ Category: ['Read'] });
    const denied = await counts(outsider.token);
    expect(denied.status).toBe(403);
    expect(errorText(denied)).toContain(PERMISSION_DENIED_MESSAGE);
    const reader = await actorWith({ Cms: ['Read'] });
    expect((await counts(reader.token)).status).toBe(200);
  });
});

describe('the list orders (GET /cms sort, order)', () => {
  let cat = '';
  const names = { a: '', b: '', c: '' };

  beforeAll(async () => {
    cat = (await createCategory(token, { name: `Order ${newId()}` }))._id;
    const tag = newId();
    names.a = `Order A ${tag}`;
    names.b = `Order B ${tag}`;
    names.c = `Order C ${tag}`;
    const a = await createArticle(token, articleFields({ categories: [cat], user: adminId }, { title: names.a }));
    await createArticle(token, articleFields({ categories: [cat], user: adminId }, { title: names.b }));
    await createArticle(token, articleFields({ categories: [cat], user: adminId }, { title: names.c }));
    // A is updated last: a list action moves it (and its update time).
    await call('PATCH', `/cms/${a._id}`, { token, body: { version: a.version, action: 'publish' } });
  });

  it('orders a filtered tab by created or updated, both ways', async () => {
    const mine = `categories=${cat}`;
    expect(titles(await list(mine))).toEqual([names.c, names.b, names.a]);
    expect(titles(await list(`${mine}&sort=created&order=asc`))).toEqual([names.a, names.b, names.c]);
    expect(titles(await list(`${mine}&sort=updated`))).toEqual([names.a, names.c, names.b]);
    expect(titles(await list(`${mine}&sort=updated&order=asc`))).toEqual([names.b, names.c, names.a]);
    // Ordered by update, the created-date range still applies (as a filter).
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`${mine}&sort=updated&date=${today}`)).total).toBe(3);
    expect((await list(`${mine}&sort=updated&from=${inHours(1)}&to=${inHours(2)}`)).total).toBe(0);
  });

  it('reads the All tab by last update from its index, and pages by number and by cursor', async () => {
    // Other files' tests save articles meanwhile, so A need not be first overall: walk the pages by cursor until
    // all three are seen, and they come A, C, B.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 1; page <= 50 && seen.length < 3; page += 1) {
      const at = await list(
        `sort=updated&limit=25&page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(descending(at.list.map((row) => row.updatedAt))).toBe(true);
      seen.push(...titles(at).filter((title) => Object.values(names).includes(title)));
      cursor = at.next;
      if (!cursor) break;
    }
    expect(seen).toEqual([names.a, names.c, names.b]);

    const first = await list('sort=updated&limit=3');
    expect(descending(first.list.map((row) => row.updatedAt))).toBe(true);
    expect(first.next).toBeDefined();
    const second = await list(`sort=updated&limit=3&page=2&cursor=${encodeURIComponent(first.next ?? '')}`);
    expect(second.list.length).toBeGreaterThan(0);
    expect((second.list[0]?.updatedAt ?? '') <= (first.list.at(-1)?.updatedAt ?? '')).toBe(true);
    expect(titles(await list('sort=updated&limit=3&page=2'))).toEqual(titles(second));
  });

  it('reads oldest first, and the cursors go both ways', async () => {
    const first = await list('sort=created&order=asc&limit=4');
    expect(ascending(first.list.map((row) => row.createdAt))).toBe(true);
    const second = await list(`sort=created&order=asc&limit=4&page=2&cursor=${encodeURIComponent(first.next ?? '')}`);
    expect(ascending([...first.list, ...second.list].map((row) => row.createdAt))).toBe(true);
    expect(titles(await list('sort=created&order=asc&limit=4&page=2'))).toEqual(titles(second));
    const back = await list(`sort=created&order=asc&limit=4&page=1&cursor=${encodeURIComponent(second.prev ?? '')}`);
    expect(titles(back)).toEqual(titles(first));
    const oldestUpdated = await list('sort=updated&order=asc&limit=4');
    expect(ascending(oldestUpdated.list.map((row) => row.updatedAt))).toBe(true);
  });

  it('orders the Scheduled tab by publish date from the publisher’s index, both ways', async () => {
    const scheduledCat = (await createCategory(token, { name: `Order ${newId()}` }))._id;
    const tag = newId();
    await createArticle(
      token,
      articleFields({ categories: [scheduledCat], user: adminId }, { title: `Soon ${tag}`, publishDate: inHours(5) }),
      'publish',
    );
    await createArticle(
      token,
      articleFields({ categories: [scheduledCat], user: adminId }, { title: `Sooner ${tag}`, publishDate: inHours(2) }),
      'publish',
    );
    await createArticle(
      token,
      articleFields({ categories: [scheduledCat], user: adminId }, { title: `Later ${tag}`, publishDate: inHours(9) }),
      'publish',
    );
    const mine = `categories=${scheduledCat}&status=Scheduled`;
    expect(titles(await list(`${mine}&sort=publishDate&order=asc`))).toEqual([
      `Sooner ${tag}`,
      `Soon ${tag}`,
      `Later ${tag}`,
    ]);
    expect(titles(await list(`${mine}&sort=publishDate`))).toEqual([`Later ${tag}`, `Soon ${tag}`, `Sooner ${tag}`]);

    const tab = await list('status=Scheduled&sort=publishDate&order=asc&limit=100');
    expect(tab.list.every((row) => row.status === 'Scheduled')).toBe(true);
    expect(ascending(tab.list.map((row) => row.publishDate ?? ''))).toBe(true);
    const mineInTab = titles(tab).filter((title) => title.endsWith(tag));
    expect(mineInTab).toEqual([`Sooner ${tag}`, `Soon ${tag}`, `Later ${tag}`]);
  });

  it('refuses the orders no index of the tab holds, and any order with a title search', async () => {
    const refused = async (query: string) => {
      const res = await call('GET', `/cms?${query}`, { token });
      return [res.status, errorText(res).replace(/^[A-Za-z]+: /, '')];
    };
    expect(await refused('status=Draft&sort=updated')).toEqual([400, SORT_REFUSALS.updated]);
    expect(await refused('sort=publishDate')).toEqual([400, SORT_REFUSALS.publishDate]);
    expect(await refused('status=Publish&sort=publishDate&order=asc')).toEqual([400, SORT_REFUSALS.publishDate]);
    expect(await refused('search=order&sort=updated')).toEqual([400, SORT_REFUSALS.search]);
    expect(await refused('search=order&order=asc')).toEqual([400, SORT_REFUSALS.search]);
    expect((await refused('sort=title'))[0]).toBe(400);
    expect((await refused('order=up'))[0]).toBe(400);
    // The default order is the one a search has.
    expect((await list('search=order&sort=created&order=desc')).total).toBeGreaterThanOrEqual(3);
  });
});
