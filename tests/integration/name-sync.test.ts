/**
 * Names in list rows stay true (functions/README.md → Names in list rows): after a category, user or client is
 * renamed through the API, the lists that show the name (article tabs and title search, ads, e-paper editions)
 * show the new one, without the rows' versions moving, and renames in a loop are gathered into few walks. Locally
 * the sync runs in the stack's process after the rename (NAME_SYNC=inline), so the tests wait for it. What a
 * rename reads is in rename-cost.test.ts. The stream consumer (AWS) is called here directly with
 * the events the table's stream would deliver.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshArticleNames } from '../../functions/article/names';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { handler, nameChangeOf } from '../../functions/name-sync/handler';
import { lastSync } from '../../functions/name-sync/model';
import { RENAME_BATCH } from '../../functions/name-sync/sources';
import type { ArticleRow } from '../../shared/schemas/article-record';
import type { ListPage, NamedRef } from '../../shared/schemas/common';
import {
  actorWith,
  articleFields,
  createAd,
  createArticle,
  createCategory,
  createClient,
  createEdition,
  createUser,
  dataOf,
} from './factories';
import { call, editorCall, errorText, inHours, login, rootSession, uniqueWord } from './helpers';
import { streamRecord } from './stream-records';

interface AdRow {
  _id: string;
  client: NamedRef;
  categories: NamedRef[];
  user: NamedRef;
  version: number;
}
interface EditionRow {
  _id: string;
  user: NamedRef;
  version: number;
}

let root: string;
let rootId: string;

const data = <T>(method: string, path: string, token: string, body?: unknown) =>
  dataOf(call<T>(method, path, { token, body }), `${method} ${path}`);

/** The article's row in a list page (GET /cms with `query`), if it is on it. */
async function rowIn(query: string, id: string): Promise<ArticleRow | undefined> {
  return (await data<ListPage<ArticleRow>>('GET', `/cms?limit=100&${query}`, root)).list.find((r) => r._id === id);
}

/** The article's row in each list a reader finds it in: All, its status tab, the category filter, a title search. */
const articleLists = (id: string, word: string, category: string) => ({
  all: () => rowIn('', id),
  draftTab: () => rowIn('status=Draft', id),
  categoryFilter: () => rowIn(`categories=${category}`, id),
  titleSearch: () => rowIn(`search=${word}`, id),
});

/** Reads what each list shows of its row (`shown(undefined)` when the row is not on it): what the tests poll. */
const shownIn =
  <T>(lists: Record<string, () => Promise<T | undefined>>, shown: (row: T | undefined) => unknown) =>
  async () =>
    Object.fromEntries(
      await Promise.all(Object.entries(lists).map(async ([name, read]) => [name, shown(await read())])),
    );

/** The same expected value for every list. */
const inEvery = (lists: Record<string, unknown>, value: unknown) =>
  Object.fromEntries(Object.keys(lists).map((name) => [name, value]));

beforeAll(async () => {
  ({ token: root, id: rootId } = await rootSession());
});

describe('renaming a category', () => {
  it('shows the new name in the All tab, the status tab, the category filter and the title search', async () => {
    const word = uniqueWord('n');
    const renamed = await createCategory(root, { name: `Weather ${word}` });
    const other = await createCategory(root, { name: `Coast ${word}` });
    const article = await createArticle(
      root,
      articleFields(
        { categories: [renamed._id, other._id], user: rootId },
        { title: `Storm ${word} reaches the coast` },
      ),
    );
    const lists = articleLists(article._id, word, renamed._id);
    const names = shownIn(lists, (row) => row?.categories.map((c) => c.name));
    expect(await names()).toEqual(inEvery(lists, [renamed.name, other.name]));

    const res = await call('PATCH', `/category/${renamed._id}`, {
      token: root,
      body: { name: `Climate ${word}`, version: renamed.version },
    });
    expect(res.status).toBe(200);

    await expect
      .poll(names, { timeout: 20_000, interval: 100 })
      .toEqual(inEvery(lists, [`Climate ${word}`, other.name]));
    // The sync moves no version: an editor who opened the article before it saves without a conflict.
    expect(await shownIn(lists, (row) => row?.version)()).toEqual(inEvery(lists, article.version));
    const saved = await editorCall('PATCH', `/cms/${article._id}`, {
      token: root,
      body: {
        version: article.version,
        action: 'save',
        ...articleFields({ categories: [renamed._id, other._id], user: rootId }, { title: `Storm ${word} has passed` }),
      },
    });
    expect(saved.status, errorText(saved)).toBe(200);
  });
});

describe('renaming a user', () => {
  it("shows the author's new name on their articles, ads and e-paper editions", async () => {
    const word = uniqueWord('n');
    const author = await actorWith({
      Cms: ['Read', 'Write'],
      Advertisement: ['Read', 'Write'],
      Epaper: ['Read', 'Write'],
    });
    const category = await createCategory(root, { name: `Politics ${word}` });
    const client = await createClient(root, { name: `Client ${word}` });
    const article = await createArticle(
      author.token,
      articleFields({ categories: [category._id], user: author.user._id }, { title: `Council ${word} votes` }),
    );
    const ad = await createAd(
      author.token,
      { client: client._id, categories: [category._id] },
      { title: `Offer ${word}` },
    );
    const edition = await createEdition(author.token, {
      title: `Edition ${word}`,
      seo: { title: 'Edition', description: 'Today', metaTags: [] },
      publishDate: inHours(-1),
    });

    const res = await call('PATCH', '/user', {
      token: root,
      body: {
        _id: author.user._id,
        version: author.user.version,
        email: author.user.email,
        name: `Renamed ${word}`,
        phone: author.user.phone,
        roles: author.user.roles,
      },
    });
    expect(res.status, errorText(res)).toBe(200);

    const find = async <T extends { _id: string }>(path: string, id: string) =>
      (await data<ListPage<T>>('GET', path, root)).list.find((r) => r._id === id);
    const lists = {
      ...articleLists(article._id, word, category._id),
      ad: () => find<AdRow>('/advertisement?limit=100', ad._id),
      adSearch: () => find<AdRow>(`/advertisement?search=${word}`, ad._id),
      edition: () => find<EditionRow>('/epaper?limit=100', edition._id),
    };
    const names = shownIn<{ user: NamedRef | null; version: number }>(lists, (row) => [row?.user?.name, row?.version]);
    // Each row at the version it was saved at.
    await expect.poll(names, { timeout: 20_000, interval: 100 }).toEqual({
      ...inEvery(articleLists(article._id, word, category._id), [`Renamed ${word}`, article.version]),
      ad: [`Renamed ${word}`, ad.version],
      adSearch: [`Renamed ${word}`, ad.version],
      edition: [`Renamed ${word}`, edition.version],
    });
  });
});

describe('renaming a client and a category', () => {
  it("shows both new names in the ad's list row, at the same version", async () => {
    const word = uniqueWord('n');
    const category = await createCategory(root, { name: `Motors ${word}` });
    const client = await createClient(root, { name: `Acme ${word}` });
    const ad = await createAd(root, { client: client._id, categories: [category._id] });
    expect(
      (await call('PATCH', `/client/${client._id}`, { token: root, body: { name: `Zenith ${word}`, version: 1 } }))
        .status,
    ).toBe(200);
    expect(
      (
        await call('PATCH', `/category/${category._id}`, {
          token: root,
          body: { name: `Cars ${word}`, version: category.version },
        })
      ).status,
    ).toBe(200);

    const row = async () => {
      const found = (await data<ListPage<AdRow>>('GET', '/advertisement?limit=100', root)).list.find(
        (r) => r._id === ad._id,
      );
      return found && { client: found.client.name, categories: found.categories.map((c) => c.name), v: found.version };
    };
    await expect
      .poll(row, { timeout: 20_000, interval: 100 })
      .toEqual({ client: `Zenith ${word}`, categories: [`Cars ${word}`], v: ad.version });
  });
});

describe('renames in a loop', () => {
  it('a user with no permission renaming themselves twenty times costs a walk a gathering window, and the last name shows', async () => {
    const word = uniqueWord('n');
    const looper = await createUser({ name: `Looper ${word}`, password: 'Looper-Pass-1' });
    const token = await login(looper.email, 'Looper-Pass-1');
    const category = await createCategory(root, { name: `Loops ${word}` });
    const article = await createArticle(
      root,
      articleFields({ categories: [category._id], user: looper._id }, { title: `Loop ${word} story` }),
    );

    const started = Date.now();
    let version = looper.version;
    for (let i = 1; i <= 20; i++) {
      const res = await call<{ version: number }>('PATCH', '/user', {
        token,
        body: { version, name: `Looper ${i} ${word}`, phone: looper.phone },
      });
      expect(res.status, errorText(res)).toBe(200);
      version = res.body.data?.version ?? Number.NaN;
    }
    const loopSeconds = (Date.now() - started) / 1000;

    const lists = articleLists(article._id, word, category._id);
    await expect
      .poll(
        shownIn(lists, (row) => row?.user?.name),
        { timeout: 20_000, interval: 100 },
      )
      .toEqual(inEvery(lists, `Looper 20 ${word}`));
    const named = { kind: 'user', id: looper._id } as const;
    await expect.poll(async () => (await lastSync(named))?.name, { timeout: 20_000 }).toBe(`Looper 20 ${word}`);
    // The stack gathers renames for a window and walks one batch at a time: at most one walk a window of the loop.
    const walks = (await lastSync(named))?.walks ?? Number.NaN;
    expect(walks).toBeLessThanOrEqual(Math.ceil(loopSeconds / RENAME_BATCH.windowSeconds) + 1);
    expect(walks).toBeLessThan(20);
  });
});

describe('bounded steps', () => {
  it('refreshes a page at a time and says where to go on from', async () => {
    const word = uniqueWord('n');
    const category = await createCategory(root, { name: `Steps ${word}` });
    const articles = [
      await createArticle(
        root,
        articleFields({ categories: [category._id], user: rootId }, { title: `First ${word}` }),
      ),
      await createArticle(
        root,
        articleFields({ categories: [category._id], user: rootId }, { title: `Second ${word}` }),
      ),
    ];
    // A change no API call made (so no sync runs meanwhile), one row read a step.
    const change = { kind: 'category', id: category._id, name: `Stepped ${word}` } as const;
    const first = await refreshArticleNames(change, { pages: 1, pageSize: 1 });
    expect(first.updated + first.skipped).toBeLessThanOrEqual(1);
    expect(first.next).toBeDefined();
    let next = first.next;
    let updated = first.updated;
    while (next) {
      const step = await refreshArticleNames(change, { start: next, pages: 50, pageSize: 25 });
      updated += step.updated;
      next = step.next;
    }
    expect(updated).toBe(2);
    for (const a of articles) {
      expect((await rowIn(`search=${word}`, a._id))?.categories).toEqual([{ _id: category._id, name: change.name }]);
      expect((await rowIn(`categories=${category._id}`, a._id))?.version).toBe(a.version);
    }
    // Done already: a second pass writes nothing.
    let again = await refreshArticleNames(change, { pages: 1000 });
    expect(again).toMatchObject({ updated: 0, next: undefined });
    again = await refreshArticleNames({ ...change, id: newId() }, { pages: 1000 });
    expect(again).toMatchObject({ updated: 0, skipped: 0 });
  });
});

describe('the stream consumer', () => {
  const event = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

  it('tells renames from other changes', () => {
    const id = newId();
    const category = { pk: `CATEGORY#${id}`, sk: 'CATEGORY' };
    const stored = { _id: id, name: 'Old', slug: 'old', version: 1 };
    expect(nameChangeOf(streamRecord('MODIFY', category, stored, { ...stored, name: 'New', version: 2 }))).toEqual({
      kind: 'category',
      id,
      name: 'New',
      version: 2,
    });
    const user = { pk: `USER#${id}`, sk: 'USER' };
    expect(nameChangeOf(streamRecord('MODIFY', user, stored, { ...stored, name: 'New' }))?.kind).toBe('user');
    const client = { pk: `CLIENT#${id}`, sk: 'CLIENT' };
    expect(nameChangeOf(streamRecord('MODIFY', client, stored, { ...stored, name: 'New' }))?.kind).toBe('client');
    // Not a rename: another field, a new or deleted item, an item in a user's partition that is not the user.
    expect(nameChangeOf(streamRecord('MODIFY', category, stored, { ...stored, slug: 'new' }))).toBeUndefined();
    expect(nameChangeOf(streamRecord('INSERT', category, undefined, stored))).toBeUndefined();
    expect(nameChangeOf(streamRecord('REMOVE', category, stored, undefined))).toBeUndefined();
    const session = { pk: `USER#${id}`, sk: `SESSION#${newId()}` };
    expect(nameChangeOf(streamRecord('MODIFY', session, stored, { ...stored, name: 'New' }))).toBeUndefined();
    const role = { pk: `ROLE#${id}`, sk: 'ROLE' };
    expect(nameChangeOf(streamRecord('MODIFY', role, stored, { ...stored, name: 'New' }))).toBeUndefined();
  });

  it("updates the rows on a category's rename, and does nothing when the name did not change", async () => {
    const word = uniqueWord('n');
    const category = await createCategory(root, { name: `Stream ${word}` });
    const article = await createArticle(
      root,
      articleFields({ categories: [category._id], user: rootId }, { title: `Stream ${word} flows` }),
    );
    const keys = { pk: `CATEGORY#${category._id}`, sk: 'CATEGORY' };
    const stored = { ...category, slug: `stream-${word}` };
    const names = async () => (await rowIn(`search=${word}`, article._id))?.categories.map((c) => c.name);

    // Not a rename (the description changed): the rows keep what they show, even where it differs.
    const unchanged = streamRecord(
      'MODIFY',
      keys,
      { ...stored, name: 'Elsewhere' },
      { ...stored, name: 'Elsewhere', version: 2 },
    );
    expect(await handler(event(unchanged))).toEqual({ batchItemFailures: [] });
    expect(await names()).toEqual([category.name]);

    // The rename as the API writes it (no sync announced from this process), then its stream record.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys,
        UpdateExpression: 'SET #name = :name, #version = :version',
        ExpressionAttributeNames: { '#name': 'name', '#version': 'version' },
        ExpressionAttributeValues: { ':name': `Streamed ${word}`, ':version': 2 },
      }),
    );
    const renamed = streamRecord('MODIFY', keys, stored, { ...stored, name: `Streamed ${word}`, version: 2 });
    expect(await handler(event(unchanged, renamed))).toEqual({ batchItemFailures: [] });
    // The handler returns when the sync is done: nothing to wait for.
    expect(await names()).toEqual([`Streamed ${word}`]);
    expect((await rowIn('', article._id))?.categories.map((c) => c.name)).toEqual([`Streamed ${word}`]);
    expect((await rowIn('', article._id))?.version).toBe(article.version);
  });

  it('reports the failing record, so that the stream retries from it, and leaves the rest for the retry', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = vi.spyOn(db(), 'send').mockRejectedValueOnce(new Error('ProvisionedThroughputExceededException'));
    try {
      const id = newId();
      const keys = { pk: `CATEGORY#${id}`, sk: 'CATEGORY' };
      const ignored = streamRecord('MODIFY', keys, { _id: id, name: 'a' }, { _id: id, name: 'a', version: 2 });
      const failing = streamRecord('MODIFY', keys, { _id: id, name: 'a' }, { _id: id, name: 'b' });
      const next = streamRecord('MODIFY', keys, { _id: id, name: 'b' }, { _id: id, name: 'c' });
      const result = await handler(event(ignored, failing, next));
      expect(result.batchItemFailures).toEqual([{ itemIdentifier: failing.dynamodb?.SequenceNumber }]);
      // The failing record's first read, and nothing of the next record.
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      send.mockRestore();
      quiet.mockRestore();
    }
  });
});
