/**
 * The title index (functions/search/) through the API: an article is found under its current words and tab
 * only, by whole words and by prefixes, in Latin and Devanagari, with exact totals after concurrent writes.
 */

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { searchable } from '../../functions/lib/text';
import { searchPage } from '../../functions/search/query';
import { indexTerms, searchWords, titleMatches } from '../../functions/search/terms';
import { attachMeter } from '../../infra/bench/dynamo-meter';
import {
  HEADLINE_SCRIPTS,
  headline,
  PROBE_ENGLISH,
  PROBE_HINDI,
  readerWords,
  typedPrefixes,
} from '../fixtures/headlines';
import {
  type ArticleListPage,
  articleFields,
  createArticle,
  createCategory,
  type ListedArticle,
  listArticles,
  moveArticle,
  saveArticle,
} from './factories';
import { call, errorText, rootSession, uniqueWord } from './helpers';

let token: string;
let adminId: string;
let categoryId: string;

/** A valid Article's fields (CONTRACT.md §5) around a title. */
const fields = (title: string) => articleFields({ categories: [categoryId], user: adminId }, { title });

const search = (text: string, extra = ''): Promise<ArticleListPage> =>
  listArticles(token, `search=${encodeURIComponent(text)}${extra}`);

const ids = (page: ArticleListPage) => page.list.map((r) => r._id);

beforeAll(async () => {
  ({ token, id: adminId } = await rootSession());
  categoryId = (await createCategory(token, { name: `Search ${newId()}` }))._id;
});

/** Searches in parallel, a few at a time (the stack shares two cores with the test). */
async function searchAll(queries: readonly string[], extra = '') {
  const pages = new Map<string, ArticleListPage>();
  for (let i = 0; i < queries.length; i += 8) {
    const batch = queries.slice(i, i + 8);
    const found = await Promise.all(batch.map((q) => search(q, extra)));
    batch.forEach((q, j) => {
      pages.set(q, found[j] as ArticleListPage);
    });
  }
  return pages;
}

/** Every prefix a reader can type of every indexed word of `titles`, folded as a search folds it, once each. */
const typedQueries = (titles: readonly string[]) => [
  ...new Set(
    titles.flatMap((title) =>
      readerWords(title)
        .filter((word) => indexTerms(word).length > 0)
        .flatMap((word) => typedPrefixes(word).map(searchable)),
    ),
  ),
];

describe('long headlines: every word by every prefix', () => {
  it("finds the probe's 150-character headlines by the short prefixes of their later words", async () => {
    const english = await createArticle(token, fields(PROBE_ENGLISH));
    const hindi = await createArticle(token, fields(PROBE_HINDI));
    for (const typed of ['parl', 'parli', 'pass', 'sweep', 'mara', 'parlia', 'passes', 'Marathwada', 'frid']) {
      expect(ids(await search(typed, '&limit=100')), typed).toContain(english._id);
    }
    for (const typed of ['विधान', 'विधानसभा', 'वि', 'मरा', 'बहि', 'हंगा']) {
      expect(ids(await search(typed, '&limit=100')), typed).toContain(hindi._id);
    }
  });

  it.each(HEADLINE_SCRIPTS)(
    'finds 200-character %s headlines by every prefix of every word, with exact totals',
    async (script) => {
      const titles = [0, 1, 2].map((seed) => headline(script, 100 + seed, 200));
      const queries = typedQueries(titles);
      const before = await searchAll(queries);
      const rows: ListedArticle[] = [];
      for (const title of titles) rows.push(await createArticle(token, fields(title)));
      // Newest first, and nothing newer was written: every title holding a match is on the first page.
      const after = await searchAll(queries, '&limit=100');
      const misses: string[] = [];
      for (const query of queries) {
        const holding = rows.filter((row) => titleMatches(searchable(row.title), searchWords(query)));
        const page = after.get(query) as ArticleListPage;
        for (const row of holding) if (!ids(page).includes(row._id)) misses.push(`${query} → ${row.title}`);
        expect(page.total - (before.get(query) as ArticleListPage).total, query).toBe(holding.length);
      }
      expect(misses).toEqual([]);
    },
    60_000,
  );

  it('keeps a long headline exact through a save, a status move and a retitle, each in steps', async () => {
    const tag = uniqueWord('q');
    const title = `${tag} ${headline('english', 7, 265)} Marathwada`;
    const retitled = `${tag} ${headline('hindi', 8, 270)} विधानसभा`;
    let row = await createArticle(token, fields(title));
    expect(ids(await search(`${tag} mara`))).toEqual([row._id]);
    row = await saveArticle(token, row, fields(title));
    expect((await search(tag)).total).toBe(1);
    row = await moveArticle(token, row, 'publish');
    expect((await search(`${tag.slice(0, 4)}`, '&status=Draft&limit=100')).list.map((r) => r._id)).not.toContain(
      row._id,
    );
    expect(ids(await search(tag, '&status=Publish'))).toEqual([row._id]);
    const queries = typedQueries([title]).filter((q) => q.length <= 4);
    const published = await searchAll(queries, '&status=Publish&limit=100');
    for (const query of queries) expect(ids(published.get(query) as ArticleListPage), query).toContain(row._id);
    row = await moveArticle(token, row, 'retract');
    row = await saveArticle(token, row, fields(retitled));
    expect((await search(`${tag} mara`)).total).toBe(0);
    expect(ids(await search(`${tag} विधान`))).toEqual([row._id]);
    // Saved after the retraction: a Draft again, in that tab only.
    expect(row.status).toBe('Draft');
    expect((await search(tag, '&status=Draft')).total).toBe(1);
    expect((await search(tag, '&status=Retract')).total).toBe(0);
  });

  it('costs at most 3 requests and 10 read units a search, prefix, long word or two words', async () => {
    const tag = uniqueWord('q');
    for (let i = 0; i < 3; i++)
      await createArticle(token, fields(`${tag} ${headline('english', 20 + i, 250)} Marathwada sweeping विधानसभा`));
    const meter = attachMeter(db());
    try {
      for (const text of ['ma', 'mara', 'marathwada', `${tag} sweep`, 'विधान', `${tag}`]) {
        const { reading, result } = await meter.measure(() =>
          searchPage({ collection: 'CMS', words: searchWords(text), page: 1, limit: 10 }),
        );
        expect(result.total, text).toBeGreaterThan(0);
        expect(reading.requests, `${text}: ${JSON.stringify(reading.byCommand)}`).toBeLessThanOrEqual(3);
        expect(reading.rcu, text).toBeLessThanOrEqual(10);
      }
    } finally {
      meter.detach();
    }
  });
});

describe('finding articles by title words', () => {
  it('finds whole words, word prefixes from two characters and several words together, newest first', async () => {
    const tag = uniqueWord('q');
    const older = await createArticle(token, fields(`Harbour authority ${tag} opens the marina`));
    const newer = await createArticle(token, fields(`Marina ${tag} reopens after the storm`));
    expect(ids(await search(tag))).toEqual([newer._id, older._id]);
    expect((await search(tag)).total).toBe(2);
    expect(ids(await search(`${tag} harbour`))).toEqual([older._id]);
    expect(ids(await search(`${tag} ha`))).toEqual([older._id]);
    expect(ids(await search(`${tag.slice(0, 4)}`))).toContain(older._id);
    expect(ids(await search(`marin ${tag}`))).toEqual([newer._id, older._id]);
    expect((await search(`${tag} zebra`)).total).toBe(0);
    // A word inside another word is not a match: words are matched from their start.
    expect((await search(`${tag} arina`)).total).toBe(0);
    // Case and accents are folded on both sides.
    expect((await search(`MARÎNA ${tag.toUpperCase()}`)).total).toBe(2);
  });

  it('finds Devanagari titles by word and by prefix, with their vowel signs', async () => {
    const tag = uniqueWord('q');
    const row = await createArticle(token, fields(`प्रधानमंत्री ${tag} ने बाढ़ राहत की घोषणा की`));
    expect(ids(await search(`${tag} प्रधानमंत्री`))).toEqual([row._id]);
    expect(ids(await search(`${tag} प्रधान`))).toEqual([row._id]);
    expect(ids(await search(`${tag} प्र`))).toEqual([row._id]);
    expect(ids(await search(`बाढ़ ${tag}`))).toEqual([row._id]);
    expect((await search(`${tag} राहतें`)).total).toBe(0);
  });

  it('counts words longer than the counted prefixes by reading, exactly', async () => {
    const tag = uniqueWord('q');
    const long = `${tag}abcdefghijklmnopqrstuvwxyz`;
    await createArticle(token, fields(`Report ${long} filed`));
    await createArticle(token, fields(`Report ${long}zz filed`));
    await createArticle(token, fields(`Report ${tag}abcdef filed`));
    expect((await search(long)).total).toBe(2);
    expect((await search(`${long}z`)).total).toBe(1);
    expect((await search(`${tag}abcdef`)).total).toBe(3);
  });

  it('keeps long-word totals exact, and finds each word, however many distinct words share a start', async () => {
    const tag = uniqueWord('q').slice(0, 6);
    // 40 titles of 4 long words each, all under one start: 160 distinct words.
    const titleOf = (j: number, v: string) =>
      Array.from({ length: 4 }, (_, k) => `${tag}${v}${j}w${k}${'abcdefghijklmnop'.slice(0, 8)}`).join(' ');
    const rows: ListedArticle[] = [];
    for (let batch = 0; batch < 5; batch++) {
      rows.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, (_, i) => createArticle(token, fields(titleOf(batch * 8 + i, 'q')))),
        )),
      );
    }
    expect((await search(`${tag}q`)).total).toBe(40);
    expect((await search(`${tag}q1`)).total).toBe(11); // q1, q10 … q19
    expect((await search(`${tag}q1w`)).total).toBe(1);
    expect((await search(`${tag}q1w3abc`)).total).toBe(1);
    expect((await search(`${tag}q1w4`)).total).toBe(0);
    // Retitles move every word to another spelling under the same start.
    await Promise.all(rows.slice(0, 8).map((row, j) => saveArticle(token, row, fields(titleOf(j, 'r')))));
    expect((await search(`${tag}q`)).total).toBe(32);
    expect((await search(`${tag}r`)).total).toBe(8);
    expect((await search(`${tag}q1`)).total).toBe(10);
    expect(ids(await search(`${tag}q12w`))).toEqual([rows[12]?._id]);
    expect(ids(await search(`${tag}r3w2abcdefgh`))).toEqual([rows[3]?._id]);
    // One small key-only posting per (long word, article) under the start, whatever the number of words.
    const postings = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `SRCH#CMS#${tag}#LONG` },
      }),
    );
    expect(postings.Items?.length).toBe(160);
    expect(Math.max(...(postings.Items ?? []).map((item) => JSON.stringify(item).length))).toBeLessThan(300);
  });

  it('keeps saves working, totals exact and a search within its target when one start holds 2,000 long words', async () => {
    const tag = uniqueWord('z').slice(0, 6);
    const letters = (j: number) =>
      `${String.fromCharCode(97 + (j % 26))}${String.fromCharCode(97 + Math.floor(j / 26))}`;
    // 200 titles of 10 distinct long words, all under one start.
    const wordOf = (j: number, k: number) => `${tag}${letters(j)}w${k}ordz`;
    const titleOf = (j: number) => Array.from({ length: 10 }, (_, k) => wordOf(j, k)).join(' ');
    const rows: ListedArticle[] = [];
    for (let batch = 0; batch < 20; batch++) {
      rows.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) => createArticle(token, fields(titleOf(batch * 10 + i)))),
        )),
      );
    }
    expect((await search(tag)).total).toBe(200);
    expect((await search(`${tag}a`)).total).toBe(8); // titles 0, 26, 52 … 182
    expect(ids(await search(`${tag}a`))).toEqual([182, 156, 130, 104, 78, 52, 26, 0].map((j) => rows[j]?._id));
    expect(ids(await search(wordOf(57, 3)))).toEqual([rows[57]?._id]);
    expect((await search(wordOf(57, 3))).total).toBe(1);
    expect((await search(`${tag}${letters(57)}w`)).total).toBe(1);
    expect((await search(`${tag}${letters(57)}w3ordzz`)).total).toBe(0);
    // A later save under the same start still goes through, and moves the totals by one.
    await saveArticle(token, rows[57] as ListedArticle, fields(`${titleOf(57)} ${tag}zlater`));
    expect((await search(`${tag}zlater`)).total).toBe(1);
    expect((await search(tag)).total).toBe(200);
    // Each search reads its counters, and at most the keys of its own matches: never the start's 2,000 words.
    const meter = attachMeter(db());
    // Named, not told by its ending: a tag ending in "d" made `${tag}a` end as this miss does ("…da").
    const miss = `${tag}b${letters(3)}`;
    try {
      for (const text of [wordOf(57, 3), `${tag}a`, `${tag}${letters(57)}`, miss]) {
        const { reading, result } = await meter.measure(() =>
          searchPage({ collection: 'CMS', words: searchWords(text), page: 1, limit: 10 }),
        );
        expect(result.total, text).toBe(text === miss ? 0 : text === `${tag}a` ? 8 : 1);
        // `${tag}a` starts 10 words of each of its 8 titles: 80 keys, past the 20 read beside the counts, so they
        // take a request of their own.
        const requests = text === `${tag}a` ? 4 : 3;
        expect(reading.requests, `${text}: ${JSON.stringify(reading.byCommand)}`).toBeLessThanOrEqual(requests);
        expect(reading.rcu, text).toBeLessThanOrEqual(10);
      }
    } finally {
      meter.detach();
    }
  });

  it('counts by reading the long words of a title with more than the counted ones, exactly', async () => {
    const tag = uniqueWord('q');
    const crowded = `Parliamentary committee recommends comprehensive restructuring of national electricity distribution ${tag}abcdefg`;
    const row = await createArticle(token, fields(crowded));
    await createArticle(token, fields(`Brief ${tag}abcdefgh note`));
    expect((await search(`${tag}abcdefg`)).total).toBe(2);
    expect((await search(`${tag}abcdefgh`)).total).toBe(1);
    expect((await search(`${tag}abcdefgz`)).total).toBe(0);
    expect((await search(`${tag}abcdefg`, '&status=Draft')).total).toBe(2);
    await saveArticle(token, row, fields(`Short ${tag}abcdefg`));
    expect((await search(`${tag}abcdefg`)).total).toBe(2);
    expect(ids(await search(`${tag}abcdefg short`))).toEqual([row._id]);
  });

  it('finds a retitled article only under its new words', async () => {
    const tag = uniqueWord('q');
    const row = await createArticle(token, fields(`Zeppelin ${tag} lands at the airfield`));
    await saveArticle(token, row, fields(`Airship ${tag} lands at the airfield`));
    expect((await search(`zeppelin ${tag}`)).total).toBe(0);
    expect((await search(`airship ${tag}`)).total).toBe(1);
    expect((await search(`${tag} air`)).total).toBe(1);
  });

  it('finds an article only in the tab of its current status, and in All', async () => {
    const tag = uniqueWord('q');
    let row = await createArticle(token, fields(`Budget vote ${tag}`));
    expect((await search(tag, '&status=Draft')).total).toBe(1);
    row = await moveArticle(token, row, 'publish');
    expect((await search(tag, '&status=Draft')).total).toBe(0);
    expect(ids(await search(tag, '&status=Publish'))).toEqual([row._id]);
    row = await moveArticle(token, row, 'retract');
    expect((await search(tag, '&status=Publish')).total).toBe(0);
    expect(ids(await search(tag, '&status=Retract'))).toEqual([row._id]);
    expect((await search(tag)).total).toBe(1);
  });

  it('retitles the longest title to another with no word in common (the index moves in steps)', async () => {
    const tag = uniqueWord('q');
    const words = (seed: string) =>
      Array.from(
        { length: 60 },
        (_, i) => `${seed}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + ((i / 26) | 0))}x`,
      );
    const first = `${tag} ${words('ka').join(' ')}`.slice(0, 300);
    const second = `${tag} ${words('mo').join(' ')}`.slice(0, 300);
    const row = await createArticle(token, fields(first));
    const saved = await saveArticle(token, row, fields(second));
    // Out of the index, then in with the new terms, each in steps of at most 99 writes beside the row.
    expect(saved.version).toBeGreaterThan(row.version + 2);
    expect((await search(`${tag} kaaax`)).total).toBe(0);
    expect((await search(`${tag} moaax`)).total).toBe(1);
    expect((await search(tag)).total).toBe(1);
  });

  it('keeps totals exact when many articles with the same words are written at once', async () => {
    const tag = uniqueWord('q');
    const rows = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createArticle(token, fields(`Festival ${tag} night ${i}`))),
    );
    const published = await Promise.all(rows.slice(0, 5).map((r) => moveArticle(token, r, 'publish')));
    // Two drafts retitled while two published ones are retracted, all at once.
    await Promise.all([
      ...rows.slice(5, 7).map((r) => saveArticle(token, r, fields(`Concert ${tag} evening`))),
      ...published.slice(0, 2).map((r) => moveArticle(token, r, 'retract')),
    ]);
    expect((await search(tag)).total).toBe(8);
    expect((await search(`festival ${tag}`)).total).toBe(6);
    expect((await search(tag, '&status=Draft')).total).toBe(3);
    expect((await search(tag, '&status=Retract')).total).toBe(2);
    expect((await search(tag, '&status=Publish')).total).toBe(3);
    expect((await search(`${tag} fest`, '&status=Publish')).total).toBe(3);
    expect((await search(`${tag} concert`)).total).toBe(2);
  });

  it('pages through matches with exact totals', async () => {
    const tag = uniqueWord('q');
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await createArticle(token, fields(`Regatta ${tag} heat ${i}`)));
    const page2 = await search(tag, '&limit=2&page=2');
    expect(page2.total).toBe(5);
    expect(ids(page2)).toEqual([rows[2]?._id, rows[1]?._id]);
    const twoWords = await search(`${tag} regatta`, '&limit=2&page=3');
    expect(twoWords.total).toBe(5);
    expect(ids(twoWords)).toEqual([rows[0]?._id]);
  });

  it('reads the next and previous page by cursor, the same rows as by number, in a tab, a search and All', async () => {
    // One word of at most six letters: its page is read by key, where a cursor applies.
    const tag = uniqueWord('q').slice(0, 6);
    for (let i = 0; i < 5; i++) await createArticle(token, fields(`Derby ${tag} race ${i}`));
    for (const [query, extra] of [
      [tag, ''],
      [tag, '&status=Draft'],
    ] as const) {
      const first = await search(query, `${extra}&limit=2`);
      const byNumber = await search(query, `${extra}&limit=2&page=2`);
      expect(first.next).toBeDefined();
      const byCursor = await search(query, `${extra}&limit=2&page=2&cursor=${encodeURIComponent(first.next ?? '')}`);
      expect(ids(byCursor)).toEqual(ids(byNumber));
      expect(byCursor.total).toBe(5);
      const back = await search(query, `${extra}&limit=2&page=1&cursor=${encodeURIComponent(byCursor.prev ?? '')}`);
      expect(ids(back)).toEqual(ids(first));
    }
    const all = await call<ArticleListPage>('GET', '/cms?limit=3', { token });
    const next = await call<ArticleListPage>(
      'GET',
      `/cms?limit=3&page=2&cursor=${encodeURIComponent(all.body.data?.next ?? '')}`,
      {
        token,
      },
    );
    const second = await call<ArticleListPage>('GET', '/cms?limit=3&page=2', { token });
    expect(ids(next.body.data as ArticleListPage)).toEqual(ids(second.body.data as ArticleListPage));
  });

  it('refuses a cursor it did not give with 400', async () => {
    for (const cursor of [
      'after:nope',
      'sideways:2026-01-01T00:00:00.000Z#01J00000000000000000000000',
      'x'.repeat(400),
    ]) {
      const res = await call('GET', `/cms?search=news&cursor=${encodeURIComponent(cursor)}`, { token });
      expect(res.status).toBe(400);
      expect(errorText(res)).toContain('Not a valid page cursor');
    }
  });
});
