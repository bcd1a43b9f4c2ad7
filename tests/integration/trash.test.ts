/**
 * The trash: Remove moves a record of the seven removable resources to its trash, Restore brings it back
 * exactly (lists, totals, search), Delete now and the sweeper delete it for good with what it owns, and the
 * references that must not dangle refuse the removal. Lists, totals and searches are read through the API; the
 * table is read directly only to see what is left of a record deleted for good.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countAdsInClients } from '../../functions/advertisement/client-counts';
import { adKey, CLIENT_IN_TRASH_MESSAGE } from '../../functions/advertisement/model';
import { CATEGORY_IN_TRASH_MESSAGE } from '../../functions/article/trash';
import { PARENT_IN_TRASH_MESSAGE } from '../../functions/category/trash';
import { clientAdsKey } from '../../functions/client/model';
import { layoutKey } from '../../functions/home-layout/model';
import { db, tableName } from '../../functions/lib/db/client';
import { readCounter } from '../../functions/lib/db/counters';
import { newId } from '../../functions/lib/ids';
import { indexUnits } from '../../functions/search/writes';
import { purgeExpiredTrash } from '../../functions/trash-sweeper/handler';
import { TRASH_DAYS } from '../../shared/constants';
import { type Action, PERMISSION_DENIED_MESSAGE } from '../../shared/permissions';
import type { ListPage } from '../../shared/schemas/common';
import type { Dashboard } from '../../shared/schemas/dashboard';
import {
  CATEGORY_HAS_ARTICLES_MESSAGE,
  CATEGORY_HAS_CHILDREN_MESSAGE,
  CATEGORY_ON_HOME_PAGE_MESSAGE,
  CLIENT_HAS_ADS_MESSAGE,
  MENU_IS_ACTIVE_MESSAGE,
  type TrashedRecord,
} from '../../shared/schemas/trash';
import { direct } from './direct';
import {
  type ArticleOverrides,
  activateMenu,
  actorWith,
  articleFields,
  bottomAd,
  createAd,
  createArticle,
  createBreakingNews,
  createCategory,
  createClient,
  createEdition,
  createMenu,
  postArticle,
  sections,
} from './factories';
import {
  call,
  deleteFromTrash,
  editorCall,
  errorText,
  moveToTrash,
  restoreFromTrash,
  rootSession,
  uploadFile,
} from './helpers';

let token: string;
let adminId: string;
let categoryId: string;

const DAY_MS = 24 * 3_600_000;

/** A title word no other record holds: letters only, so that the title index keeps it whole up to its start. */
const rareWord = () =>
  `trash${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** A valid Article by the admin in this file's category, as a save sends it. */
const articleBody = (extra: ArticleOverrides = {}) =>
  articleFields(
    { categories: [categoryId], user: adminId },
    { action: 'save', title: `Harbour report ${newId()}`, body: sections('The harbour reopened.'), ...extra },
  );

const remove = (base: string, id: string, as = token) => moveToTrash(base, id, as);
const restore = (base: string, id: string, as = token) => restoreFromTrash(base, id, as);
const deleteNow = (base: string, id: string, as = token) => deleteFromTrash(base, id, as);

async function trashOf(base: string): Promise<ListPage<TrashedRecord>> {
  const res = await call<ListPage<TrashedRecord>>('GET', `${base}/trash?limit=100`, { token });
  if (res.status !== 200 || !res.body.data) throw new Error(`no trash list: ${res.status} ${errorText(res)}`);
  return res.body.data;
}
const inTrash = async (base: string, id: string) => (await trashOf(base)).list.find((row) => row._id === id);

/** A list's total and whether it holds the record (its first 100 rows, newest first). */
async function listed(path: string, id: string): Promise<{ total: number; has: boolean }> {
  const res = await call<ListPage<{ _id: string }>>('GET', path, { token });
  if (res.status !== 200 || !res.body.data) throw new Error(`no list ${path}: ${res.status} ${errorText(res)}`);
  return { total: res.body.data.total, has: res.body.data.list.some((row) => row._id === id) };
}

const ok = async (res: Promise<{ status: number; body: { data?: unknown; message?: { msg: string } } }>) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data).toBeNull();
};

/**
 * Removes a record whose title holds `word`, checking that it leaves its list (one fewer in the total) and the
 * title search; returns both as they were before.
 */
async function removeFromListAndSearch(base: string, id: string, word: string) {
  const before = { all: await listed(`${base}?limit=100`, id), search: await listed(`${base}?search=${word}`, id) };
  expect(before.search).toEqual({ total: 1, has: true });
  await ok(remove(base, id));
  expect(await listed(`${base}?limit=100`, id)).toEqual({ total: before.all.total - 1, has: false });
  expect(await listed(`${base}?search=${word}`, id)).toEqual({ total: 0, has: false });
  return before;
}

/** Every item left in a partition (a record deleted for good leaves none). */
const partition = async (pk: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

type ItemKey = { pk: string; sk: string };

const item = async (key: ItemKey) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const sameKey = (found: Record<string, unknown> | undefined, key: ItemKey) =>
  found?.pk === key.pk && found?.sk === key.sk;
/** The GetItem of `key`. */
const readOf = (key: ItemKey) => (command: object) => command instanceof GetCommand && sameKey(command.input.Key, key);
/** An UpdateItem of `key` (outside a transaction). */
const updateOf = (key: ItemKey) => (command: object) =>
  command instanceof UpdateCommand && sameKey(command.input.Key, key);
/** A transaction whose first write is on `key`. */
const transactionOn = (key: ItemKey) => (command: object) => {
  if (!(command instanceof TransactWriteCommand)) return false;
  const first = command.input.TransactItems?.[0];
  return sameKey(first?.Put?.Item ?? first?.Delete?.Key ?? first?.Update?.Key, key);
};

/**
 * Makes a race certain: `meanwhile` runs just before this process next sends a DynamoDB command that `when` picks
 * (once). A call through `direct` with `sources` runs the TypeScript handler in this process (a bundle would have its
 * own DynamoDB client); `call` reaches the API running elsewhere.
 */
function beforeSend(when: (command: object) => boolean, meanwhile: () => Promise<void>) {
  const client = db() as unknown as { send: (command: object) => Promise<unknown> };
  const send = client.send.bind(client);
  const spy = vi.spyOn(client, 'send').mockImplementation(async (command: object) => {
    if (when(command)) {
      spy.mockRestore();
      await meanwhile();
    }
    return send(command);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(async () => {
  ({ token, id: adminId } = await rootSession());
  categoryId = (await createCategory(token))._id;
});

describe('articles', () => {
  it('leave their tab, totals and search for the trash, and come back exactly, with their history', async () => {
    const word = rareWord();
    const a = await createArticle(token, articleBody({ title: `Ferry ${word} timetable` }));
    const before = {
      all: await listed('/cms?limit=100', a._id),
      draft: await listed('/cms?status=Draft&limit=100', a._id),
      search: await listed(`/cms?search=${word}`, a._id),
      counter: await readCounter('CMS', 'Draft'),
    };
    expect(before.search).toEqual({ total: 1, has: true });

    await ok(remove('/cms', a._id));
    expect(await listed('/cms?limit=100', a._id)).toEqual({ total: before.all.total - 1, has: false });
    expect(await listed('/cms?status=Draft&limit=100', a._id)).toEqual({ total: before.draft.total - 1, has: false });
    expect(await listed(`/cms?search=${word}`, a._id)).toEqual({ total: 0, has: false });
    expect((await call('GET', `/cms/detail/${a._id}`, { token })).status).toBe(404);
    const row = await inTrash('/cms', a._id);
    expect(row).toMatchObject({ _id: a._id, title: `Ferry ${word} timetable`, trashedBy: { _id: adminId } });
    expect(Date.parse(row?.expiresAt ?? '') - Date.parse(row?.trashedAt ?? '')).toBe(TRASH_DAYS * DAY_MS);
    expect((await remove('/cms', a._id)).status).toBe(404);

    await ok(restore('/cms', a._id));
    expect(await listed('/cms?limit=100', a._id)).toEqual(before.all);
    expect(await listed('/cms?status=Draft&limit=100', a._id)).toEqual(before.draft);
    expect(await listed(`/cms?search=${word}`, a._id)).toEqual(before.search);
    expect(await readCounter('CMS', 'Draft')).toBe(before.counter);
    expect(await inTrash('/cms', a._id)).toBeUndefined();
    const back = await call<{ version: number; title: string }>('GET', `/cms/detail/${a._id}`, { token });
    expect(back.body.data).toMatchObject({ version: a.version + 1, title: `Ferry ${word} timetable` });
    const history = await call<ListPage<{ action: string }>>('GET', `/cms/history/${a._id}`, { token });
    expect(history.body.data?.list.map((entry) => entry.action).slice(0, 2)).toEqual(['restore', 'trash']);
    expect((await restore('/cms', a._id)).status).toBe(404);
  });

  it('with a title too long for one transaction leave and re-enter the index in steps, search exact', async () => {
    const words = Array.from({ length: 14 }, rareWord).map((w) => w.slice(5));
    const categories = [categoryId, (await createCategory(token))._id, (await createCategory(token))._id];
    const a = await createArticle(token, articleBody({ title: words.join(' '), categories }));
    const search = `/cms?search=${words[3]}`;
    expect(await listed(search, a._id)).toEqual({ total: 1, has: true });
    await ok(remove('/cms', a._id));
    expect(await listed(search, a._id)).toEqual({ total: 0, has: false });
    await ok(restore('/cms', a._id));
    expect(await listed(search, a._id)).toEqual({ total: 1, has: true });
    const back = await call<{ version: number }>('GET', `/cms/detail/${a._id}`, { token });
    // Out of the index, moved, back unindexed, indexed: one version a step, the index's in steps of 99 writes.
    const units = indexUnits('CMS', { id: a._id, createdAt: '', tab: 'Draft', title: words.join(' '), fields: {} });
    const steps = Math.ceil(units.length / 99);
    expect(steps).toBeGreaterThan(1);
    expect(back.body.data?.version).toBe(a.version + 2 * steps + 1);
  });

  it('come out of every home-page slot when removed', async () => {
    const a = await createArticle(token, articleBody({ action: 'publish' }));
    const keep = await createArticle(token, articleBody({ action: 'publish' }));
    const home = (await call<{ _id: string; version: number }>('GET', '/layout/home', { token })).body.data;
    const placed = await call('PATCH', `/layout/${home?._id}`, {
      token,
      body: {
        version: home?.version,
        body: { headlines: [keep._id, a._id], topStory: [a._id], coverStory: a._id, sections: [] },
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await ok(remove('/cms', a._id));
    const layout = await item(layoutKey('home'));
    expect(layout?.body).toMatchObject({ headlines: [keep._id], topStory: [], coverStory: null });
  });

  it('are deleted for good with their whole partition, and their URL is free again', async () => {
    const a = await createArticle(token, articleBody({ title: `Unique ferry ${newId()}` }));
    await ok(remove('/cms', a._id));
    await ok(deleteNow('/cms', a._id));
    expect(await partition(`CMS#${a._id}`)).toEqual([]);
    expect(await inTrash('/cms', a._id)).toBeUndefined();
    expect((await restore('/cms', a._id)).status).toBe(404);
    expect((await deleteNow('/cms', a._id)).status).toBe(404);
    const again = await createArticle(token, articleBody({ title: a.title }));
    expect(again.slug).toBe(a.slug);
  });

  it('keep their URL while in the trash: a new article of the same title gets another', async () => {
    const a = await createArticle(token, articleBody({ title: `Kept ferry ${newId()}` }));
    await ok(remove('/cms', a._id));
    const other = await createArticle(token, articleBody({ title: a.title }));
    expect(other.slug).not.toBe(a.slug);
    await ok(restore('/cms', a._id));
    expect((await call<{ slug: string }>('GET', `/cms/detail/${a._id}`, { token })).body.data?.slug).toBe(a.slug);
  });
});

describe('categories', () => {
  it('refuse removal while a home-page section shows them', async () => {
    const desk = await createCategory(token);
    const home = (await call<{ _id: string; version: number }>('GET', '/layout/home', { token })).body.data;
    const section = {
      type: 'Category',
      category: desk._id,
      articles: [],
      name: 'Desk',
      template: 'template-1',
      color: '#000000',
    };
    const placed = await call<{ version: number }>('PATCH', `/layout/${home?._id}`, {
      token,
      body: { version: home?.version, body: { headlines: [], topStory: [], coverStory: null, sections: [section] } },
    });
    expect(placed.status).toBe(200);
    const refused = await remove('/category', desk._id);
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toBe(`ValidationError: ${CATEGORY_ON_HOME_PAGE_MESSAGE}`);
    expect(await inTrash('/category', desk._id)).toBeUndefined();
    await call('PATCH', `/layout/${home?._id}`, {
      token,
      body: {
        version: placed.body.data?.version,
        body: { headlines: [], topStory: [], coverStory: null, sections: [] },
      },
    });
    expect((await remove('/category', desk._id)).status).toBe(200);
  });

  it('refuse removal while sub-categories or articles name them, writing nothing', async () => {
    const parent = await createCategory(token);
    await createCategory(token, { parent: parent._id });
    const refused = await remove('/category', parent._id);
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toBe(`ValidationError: ${CATEGORY_HAS_CHILDREN_MESSAGE}`);
    expect(await inTrash('/category', parent._id)).toBeUndefined();

    const desk = await createCategory(token);
    const a = await createArticle(token, articleBody({ categories: [desk._id] }));
    const total = await readCounter('CATEGORY');
    const busy = await remove('/category', desk._id);
    expect(busy.status).toBe(400);
    expect(errorText(busy)).toBe(`ValidationError: ${CATEGORY_HAS_ARTICLES_MESSAGE}`);
    expect(await readCounter('CATEGORY')).toBe(total);
    expect(await inTrash('/category', desk._id)).toBeUndefined();
    const options = await call<{ _id: string }[]>('GET', '/category/list', { token });
    expect(options.body.data?.some((c) => c._id === desk._id)).toBe(true);

    // Its last article in the trash, it can go; the article then comes back only with it.
    await ok(remove('/cms', a._id));
    await ok(remove('/category', desk._id));
    const blocked = await restore('/cms', a._id);
    expect(blocked.status).toBe(400);
    expect(errorText(blocked)).toBe(`ValidationError: ${CATEGORY_IN_TRASH_MESSAGE}`);
    expect(await inTrash('/cms', a._id)).toBeDefined();
    await ok(restore('/category', desk._id));
    await ok(restore('/cms', a._id));
  });

  it('leave the tree, pickers and count, keep their slug in the trash, and free it when deleted', async () => {
    const c = await createCategory(token);
    const elsewhere = await createCategory(token);
    const total = await readCounter('CATEGORY');
    await ok(remove('/category', c._id));
    expect(await readCounter('CATEGORY')).toBe(total - 1);
    const options = await call<{ _id: string }[]>('GET', '/category/list', { token });
    expect(options.body.data?.some((o) => o._id === c._id)).toBe(false);
    const tree = await call<{ _id: string }[]>('GET', '/category/', { token });
    expect(tree.body.data?.some((o) => o._id === c._id)).toBe(false);
    expect((await inTrash('/category', c._id))?.title).toBe(c.name);

    // Under another parent, so that its name does not keep this one from coming back (siblings' names are unique).
    const namesake = await createCategory(token, { name: c.name, parent: elsewhere._id });
    expect(namesake.slug).toBe(`${c.slug}-2`);
    const taken = await call('POST', '/category/create', { token, body: { name: 'Other', slug: c.slug } });
    expect(taken.status).toBe(409);

    await ok(restore('/category', c._id));
    expect(await readCounter('CATEGORY')).toBe(total + 1);
    await ok(remove('/category', c._id));
    await ok(deleteNow('/category', c._id));
    expect(await readCounter('CATEGORY')).toBe(total);
    await createCategory(token, { name: 'Reused', slug: c.slug });
  });

  it('come back only after their parent', async () => {
    const parent = await createCategory(token);
    const child = await createCategory(token, { parent: parent._id });
    await ok(remove('/category', child._id));
    await ok(remove('/category', parent._id));
    const refused = await restore('/category', child._id);
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toBe(`ValidationError: ${PARENT_IN_TRASH_MESSAGE}`);
    await ok(restore('/category', parent._id));
    await ok(restore('/category', child._id));
  });

  it('take no new article once in the trash', async () => {
    const c = await createCategory(token);
    const a = await createArticle(token, articleBody());
    await ok(remove('/category', c._id));
    const create = await postArticle(token, articleBody({ categories: [c._id] }));
    expect([400, 409]).toContain(create.status);
    const save = await editorCall('PATCH', `/cms/${a._id}`, {
      token,
      body: { ...articleBody({ categories: [categoryId, c._id] }), version: a.version },
    });
    expect([400, 409]).toContain(save.status);
  });
});

describe('clients and advertisements', () => {
  it('refuse removing a client with ads; an ad comes back only with its client', async () => {
    const client = await createClient(token);
    const ad = await createAd(token, { client: client._id, categories: [categoryId] });
    const refused = await remove('/client', client._id);
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toBe(`ValidationError: ${CLIENT_HAS_ADS_MESSAGE}`);
    expect(await inTrash('/client', client._id)).toBeUndefined();

    await ok(remove('/advertisement', ad._id));
    const clients = await listed('/client?limit=100', client._id);
    await ok(remove('/client', client._id));
    expect(await listed('/client?limit=100', client._id)).toEqual({ total: clients.total - 1, has: false });
    const picker = await call<ListPage<{ _id: string }>>('GET', '/client?all=true', { token });
    expect(picker.body.data?.list.some((c) => c._id === client._id)).toBe(false);
    const noClient = await call('POST', '/advertisement', {
      token,
      body: bottomAd({ client: client._id, categories: [categoryId], mobile: await uploadFile(token, 'ad-image') }),
    });
    expect(noClient.status).toBe(400);

    const blocked = await restore('/advertisement', ad._id);
    expect(blocked.status).toBe(400);
    expect(errorText(blocked)).toBe(`ValidationError: ${CLIENT_IN_TRASH_MESSAGE}`);
    await ok(restore('/client', client._id));
    expect(await listed('/client?limit=100', client._id)).toEqual(clients);
    await ok(restore('/advertisement', ad._id));
    expect((await remove('/client', client._id)).status).toBe(400);
  });

  it('take an ad out of its list, total and search, and back', async () => {
    const client = await createClient(token);
    const word = rareWord();
    const ad = await createAd(
      token,
      { client: client._id, categories: [categoryId] },
      { title: `Spring ${word} sale` },
    );
    const before = await removeFromListAndSearch('/advertisement', ad._id, word);
    expect((await call('GET', `/advertisement/${ad._id}`, { token })).status).toBe(404);
    expect((await inTrash('/advertisement', ad._id))?.title).toBe(`Spring ${word} sale`);
    await ok(restore('/advertisement', ad._id));
    expect(await listed('/advertisement?limit=100', ad._id)).toEqual(before.all);
    expect(await listed(`/advertisement?search=${word}`, ad._id)).toEqual(before.search);
    expect((await call<{ version: number }>('GET', `/advertisement/${ad._id}`, { token })).body.data?.version).toBe(
      ad.version + 1,
    );

    await ok(remove('/advertisement', ad._id));
    await ok(deleteNow('/advertisement', ad._id));
    expect(await partition(`AD#${ad._id}`)).toEqual([]);
    await ok(remove('/client', client._id));
  });

  it('count ads saved before the clients’ ad counts (the start-up backfill)', async () => {
    const client = await createClient(token);
    const ad = await createAd(token, { client: client._id, categories: [categoryId] });
    // As an ad written before the counters: not marked, not counted.
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: adKey(ad._id), UpdateExpression: 'REMOVE clientCounted' }),
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: clientAdsKey(client._id),
        UpdateExpression: 'ADD ads :minus',
        ExpressionAttributeValues: { ':minus': -1 },
      }),
    );
    expect(await countAdsInClients()).toBeGreaterThanOrEqual(1);
    expect((await item(adKey(ad._id)))?.clientCounted).toBe(true);
    const refused = await remove('/client', client._id);
    expect(errorText(refused)).toBe(`ValidationError: ${CLIENT_HAS_ADS_MESSAGE}`);
    expect(await countAdsInClients()).toBe(0);
  });
});

describe('e-paper editions', () => {
  it('leave the list, total and search, come back, and free their URL when deleted', async () => {
    const word = rareWord();
    const e = await createEdition(token, { title: `Evening ${word} edition` });
    const before = await removeFromListAndSearch('/epaper', e._id, word);
    expect((await call('GET', `/epaper/detail/${e._id}`, { token })).status).toBe(404);
    const namesake = await createEdition(token, { title: `Evening ${word} edition` });
    expect(namesake.slug).not.toBe(e.slug);
    await ok(restore('/epaper', e._id));
    expect(await listed('/epaper?limit=100', e._id)).toEqual({ total: before.all.total + 1, has: true });
    expect((await listed(`/epaper?search=${word}`, e._id)).total).toBe(2);

    await ok(remove('/epaper', e._id));
    await ok(deleteNow('/epaper', e._id));
    expect(await item({ pk: `EPSLUG#${e.slug}`, sk: 'EPSLUG' })).toBeUndefined();
    expect(await listed(`/epaper?search=${word}`, e._id)).toEqual({ total: 1, has: false });
  });
});

describe('menus and breaking news', () => {
  it('refuse removing the active menu; an inactive one goes and comes back', async () => {
    const menu = await createMenu(token);
    const on = await activateMenu(token, menu);
    expect(on.status).toBe(200);
    const refused = await remove('/menu', menu._id);
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toBe(`ValidationError: ${MENU_IS_ACTIVE_MESSAGE}`);
    expect((await call('GET', `/menu/${menu._id}`, { token })).status).toBe(200);

    const idle = await createMenu(token);
    const before = await listed('/menu?limit=100', idle._id);
    await ok(remove('/menu', idle._id));
    expect(await listed('/menu?limit=100', idle._id)).toEqual({ total: before.total - 1, has: false });
    expect((await inTrash('/menu', idle._id))?.title).toBe('Footer Menu');
    await ok(restore('/menu', idle._id));
    expect(await listed('/menu?limit=100', idle._id)).toEqual(before);
  });

  it('take breaking news out of its list and total, and delete it for good', async () => {
    const news = await createBreakingNews(token, { title: `Storm warning ${newId()}` });
    const before = await listed('/breaking-news?limit=100', news._id);
    await ok(remove('/breaking-news', news._id));
    expect(await listed('/breaking-news?limit=100', news._id)).toEqual({ total: before.total - 1, has: false });
    expect((await inTrash('/breaking-news', news._id))?.title).toBe(news.title);
    await ok(restore('/breaking-news', news._id));
    expect(await listed('/breaking-news?limit=100', news._id)).toEqual(before);
    await ok(remove('/breaking-news', news._id));
    const trashTotal = (await trashOf('/breaking-news')).total;
    await ok(deleteNow('/breaking-news', news._id));
    expect((await trashOf('/breaking-news')).total).toBe(trashTotal - 1);
    expect(await partition(`BREAKING#${news._id}`)).toEqual([]);
  });
});

describe('who may remove', () => {
  it('needs Remove on the resource for all four calls, decided before the record is read', async () => {
    const a = await createArticle(token, articleBody());
    const editor = await actorWith({ Cms: ['Read', 'Write', 'Edit', 'EditOwn'] });
    for (const res of [
      await remove('/cms', a._id, editor.token),
      await call('GET', '/cms/trash', { token: editor.token }),
      await restore('/cms', a._id, editor.token),
      await deleteNow('/cms', a._id, editor.token),
      await remove('/cms', newId(), editor.token),
    ]) {
      expect(res.status).toBe(403);
      expect(errorText(res)).toBe(`Forbidden: ${PERMISSION_DENIED_MESSAGE}`);
    }
    expect((await call('GET', `/cms/detail/${a._id}`, { token })).status).toBe(200);

    const remover = await actorWith({ Cms: ['Remove'] });
    expect((await remove('/cms', newId(), remover.token)).status).toBe(404);
    expect((await restore('/cms', a._id, remover.token)).status).toBe(404);
    expect((await deleteNow('/cms', a._id, remover.token)).status).toBe(404);
    expect((await remove('/menu', a._id)).status).toBe(404);
    expect((await remove('/cms', categoryId)).status).toBe(404);
    await ok(remove('/cms', a._id, remover.token));
    expect((await call('GET', '/category/trash', { token: remover.token })).status).toBe(403);
    await ok(restore('/cms', a._id, remover.token));
  });

  it('is audited: removal, restore and deletion', async () => {
    const news = await createBreakingNews(token, { title: `Audited ${newId()}` });
    await ok(remove('/breaking-news', news._id));
    await ok(restore('/breaking-news', news._id));
    await ok(remove('/breaking-news', news._id));
    await ok(deleteNow('/breaking-news', news._id));
    for (const action of ['recordTrashed', 'recordRestored', 'recordDeleted']) {
      const page = await call<{ list: { targetId?: string; targetType?: string; actorId?: string }[] }>(
        'GET',
        `/audit?action=${action}`,
        { token },
      );
      expect(
        page.body.data?.list.find((entry) => entry.targetId === news._id),
        action,
      ).toMatchObject({
        targetType: 'breaking-news',
        actorId: adminId,
      });
    }
  });
});

describe('races: every check is in the write', () => {
  const ok200 = (res: { status: number; body: { message?: { msg: string } } }) =>
    expect(res.status, JSON.stringify(res.body)).toBe(200);

  it('two removals at once: one moves the record, the other is refused, every count moves once', async () => {
    const a = await createArticle(token, articleBody());
    const before = { all: await readCounter('CMS'), trash: (await trashOf('/cms')).total };
    beforeSend(transactionOn({ pk: `CMS#${a._id}`, sk: 'CMS' }), () => ok(remove('/cms', a._id)));
    const second = await direct('DELETE', `/cms/${a._id}`, { token, sources: true });
    expect(second.status).toBe(409);
    expect(await readCounter('CMS')).toBe(before.all - 1);
    expect((await trashOf('/cms')).total).toBe(before.trash + 1);
    await ok(restore('/cms', a._id));
  });

  it('a save and a removal at once: the first written wins, the other answers 409', async () => {
    const a = await createArticle(token, articleBody());
    const save = (version: number) => ({ ...articleBody({ title: `Saved ${newId()}` }), version });
    beforeSend(transactionOn({ pk: `CMS#${a._id}`, sk: 'CMS' }), async () => {
      ok200(await editorCall('PATCH', `/cms/${a._id}`, { token, body: save(a.version) }));
    });
    expect((await direct('DELETE', `/cms/${a._id}`, { token, sources: true })).status).toBe(409);
    expect(await inTrash('/cms', a._id)).toBeUndefined();
    const saved = await call<{ version: number }>('GET', `/cms/detail/${a._id}`, { token });
    expect(saved.status).toBe(200);

    await call('POST', `/cms/${a._id}/lock`, { token, body: { takeOver: true } });
    beforeSend(transactionOn({ pk: `CMS#${a._id}`, sk: 'CMS' }), () => ok(remove('/cms', a._id)));
    const late = await direct('PATCH', `/cms/${a._id}`, {
      token,
      body: save(saved.body.data?.version ?? 0),
      sources: true,
    });
    expect(late.status).toBe(409);
    expect((await call('GET', `/cms/detail/${a._id}`, { token })).status).toBe(404);
    expect(await inTrash('/cms', a._id)).toBeDefined();
  });

  it('a restore and Delete now at once: the first written wins, the other answers 404', async () => {
    const a = await createArticle(token, articleBody());
    await ok(remove('/cms', a._id));
    beforeSend(updateOf({ pk: `CMS#${a._id}`, sk: 'TRASH' }), () => ok(restore('/cms', a._id)));
    expect((await direct('DELETE', `/cms/trash/${a._id}`, { token, sources: true })).status).toBe(404);
    expect((await call('GET', `/cms/detail/${a._id}`, { token })).status).toBe(200);

    await ok(remove('/cms', a._id));
    beforeSend(transactionOn({ pk: `CMS#${a._id}`, sk: 'TRASH' }), () => ok(deleteNow('/cms', a._id)));
    expect((await direct('POST', `/cms/trash/${a._id}/restore`, { token, sources: true })).status).toBe(404);
    expect(await partition(`CMS#${a._id}`)).toEqual([]);
  });

  it('a sub-category comes back only while its parent is live, even as the parent is removed meanwhile', async () => {
    const parent = await createCategory(token);
    const child = await createCategory(token, { parent: parent._id });
    await ok(remove('/category', child._id));
    beforeSend(transactionOn({ pk: `CATEGORY#${child._id}`, sk: 'TRASH' }), () => ok(remove('/category', parent._id)));
    const refused = await direct('POST', `/category/trash/${child._id}/restore`, { token, sources: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message?.msg).toBe(`ValidationError: ${PARENT_IN_TRASH_MESSAGE}`);
    expect(await inTrash('/category', child._id)).toBeDefined();
    const options = await call<{ _id: string }[]>('GET', '/category/list', { token });
    expect(options.body.data?.some((c) => c._id === child._id)).toBe(false);
  });

  it('a category goes to the trash only while none of its sub-categories in the trash comes back meanwhile', async () => {
    const parent = await createCategory(token);
    const child = await createCategory(token, { parent: parent._id });
    await ok(remove('/category', child._id));
    beforeSend(transactionOn({ pk: `CATEGORY#${parent._id}`, sk: 'CATEGORY' }), () =>
      ok(restore('/category', child._id)),
    );
    const refused = await direct('DELETE', `/category/${parent._id}`, { token, sources: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message?.msg).toBe(`ValidationError: ${CATEGORY_HAS_CHILDREN_MESSAGE}`);
    expect(await inTrash('/category', parent._id)).toBeUndefined();
    const tree = await call<{ _id: string; children: { _id: string }[] }[]>('GET', '/category/', { token });
    const node = tree.body.data?.find((c) => c._id === parent._id);
    expect(node?.children.map((c) => c._id)).toEqual([child._id]);
  });

  it('a restore answers 200 when a save lands between it and its long title’s index step', async () => {
    const words = Array.from({ length: 14 }, rareWord).map((w) => w.slice(5));
    const categories = [categoryId, (await createCategory(token))._id, (await createCategory(token))._id];
    const a = await createArticle(token, articleBody({ title: words.join(' '), categories }));
    await ok(remove('/cms', a._id));
    beforeSend(transactionOn({ pk: `CMS#${a._id}`, sk: 'CMS' }), async () => {
      const back = await call<{ version: number }>('GET', `/cms/detail/${a._id}`, { token });
      const body = { ...articleBody({ title: a.title, categories }), version: back.body.data?.version };
      ok200(await editorCall('PATCH', `/cms/${a._id}`, { token, body }));
    });
    ok200(await direct('POST', `/cms/trash/${a._id}/restore`, { token, sources: true }));
    expect(await listed(`/cms?search=${words[3]}`, a._id)).toEqual({ total: 1, has: true });
    const audit = await call<{ list: { targetId?: string }[] }>('GET', '/audit?action=recordRestored', { token });
    expect(audit.body.data?.list.some((entry) => entry.targetId === a._id)).toBe(true);
  });

  it('the sweeper deletes only what is still expired when it gets to it: removed again meanwhile, it stays', async () => {
    const a = await createArticle(token, articleBody());
    await ok(remove('/cms', a._id));
    const first = await inTrash('/cms', a._id);
    beforeSend(readOf({ pk: `CMS#${a._id}`, sk: 'TRASH' }), async () => {
      await ok(restore('/cms', a._id));
      await ok(remove('/cms', a._id));
    });
    await purgeExpiredTrash(new Date(first?.expiresAt ?? ''));
    const again = await inTrash('/cms', a._id);
    expect(again).toBeDefined();
    expect(again?.trashedAt).not.toBe(first?.trashedAt);
    await ok(restore('/cms', a._id));
    expect((await call('GET', `/cms/detail/${a._id}`, { token })).status).toBe(200);
  });
});

describe('reads: a record in the trash is in none', () => {
  it('leaves the home page’s article picker, the dashboard counts and lists, and its detail', async () => {
    const word = rareWord();
    const a = await createArticle(token, articleBody({ action: 'publish', title: `Lighthouse ${word} notice` }));
    const picker = `/cms?status=Publish&search=${word}&limit=10`;
    const dashboard = async () => (await call<Dashboard>('GET', '/dashboard', { token })).body.data?.articles;
    const before = await dashboard();
    expect(await listed(picker, a._id)).toEqual({ total: 1, has: true });
    expect(before?.recentlyUpdated.some((row) => row._id === a._id)).toBe(true);

    await ok(remove('/cms', a._id));
    expect(await listed(picker, a._id)).toEqual({ total: 0, has: false });
    const after = await dashboard();
    expect(after?.counts.Published).toBe((before?.counts.Published ?? 0) - 1);
    expect(after?.counts.ALL).toBe((before?.counts.ALL ?? 0) - 1);
    expect(after?.recentlyUpdated.some((row) => row._id === a._id)).toBe(false);
    for (const path of [`/cms/detail/${a._id}`, `/cms/history/${a._id}`, `/cms/${a._id}/revisions`]) {
      expect((await call('GET', path, { token })).status, path).toBe(404);
    }
    const client = await createClient(token);
    await ok(remove('/client', client._id));
    expect((await call('GET', `/client/${client._id}`, { token })).status).toBe(404);
  });

  it('every trash call of every resource answers 403 without Remove, before the record is looked at', async () => {
    const parent = await createCategory(token);
    await createCategory(token, { parent: parent._id });
    const all: Action[] = ['Read', 'Write', 'Edit', 'EditOwn'];
    const { token: other } = await actorWith({
      Cms: all,
      Category: all,
      Menu: all,
      Epaper: all,
      Advertisement: all,
      Client: all,
      BreakingNews: all,
    });
    const bases = ['/cms', '/category', '/menu', '/epaper', '/advertisement', '/client', '/breaking-news'];
    for (const base of bases) {
      for (const res of [
        await remove(base, newId(), other),
        await call('GET', `${base}/trash`, { token: other }),
        await restore(base, newId(), other),
        await deleteNow(base, newId(), other),
      ]) {
        expect(res.status, base).toBe(403);
      }
    }
    const refusable = await remove('/category', parent._id, other);
    expect(refusable.status).toBe(403);
    expect(errorText(refusable)).toBe(`Forbidden: ${PERMISSION_DENIED_MESSAGE}`);
  });
});

describe('expiry', () => {
  it('deletes for good what has been in the trash for 30 days, as Delete now does, and only that', async () => {
    const c = await createCategory(token);
    const a = await createArticle(token, articleBody({ categories: [c._id], title: `Expiring ferry ${newId()}` }));
    const client = await createClient(token);
    const ad = await createAd(token, { client: client._id, categories: [categoryId] });
    const e = await createEdition(token);
    await ok(remove('/cms', a._id));
    await ok(remove('/category', c._id));
    await ok(remove('/advertisement', ad._id));
    await ok(remove('/client', client._id));
    await ok(remove('/epaper', e._id));
    const totals = {
      cms: await readCounter('CMS'),
      ads: await readCounter('AD'),
      epapers: await readCounter('EPAPER'),
    };

    // The TTL is only a backstop, a day after the sweeper's time.
    const trashed = await item({ pk: `CMS#${a._id}`, sk: 'TRASH' });
    const expiresAt = Date.parse((await inTrash('/cms', a._id))?.expiresAt ?? '');
    expect(trashed?.expiresAt).toBe(Math.floor(expiresAt / 1000) + DAY_MS / 1000);

    await purgeExpiredTrash(new Date());
    expect(await inTrash('/cms', a._id)).toBeDefined();

    const sweep = await purgeExpiredTrash(new Date(Date.now() + (TRASH_DAYS + 1) * DAY_MS));
    expect(sweep.article).toBeGreaterThanOrEqual(1);
    for (const [base, id] of [
      ['/cms', a._id],
      ['/category', c._id],
      ['/advertisement', ad._id],
      ['/client', client._id],
      ['/epaper', e._id],
    ] as const) {
      expect(await inTrash(base, id), base).toBeUndefined();
      expect((await trashOf(base)).total, base).toBe(0);
    }
    expect(await partition(`CMS#${a._id}`)).toEqual([]);
    expect(await partition(`CLIENT#${client._id}`)).toEqual([]);
    expect(await item({ pk: `CMSSLUG#${a.slug}`, sk: 'CMSSLUG' })).toBeUndefined();
    expect(await item({ pk: `EPSLUG#${e.slug}`, sk: 'EPSLUG' })).toBeUndefined();
    expect({
      cms: await readCounter('CMS'),
      ads: await readCounter('AD'),
      epapers: await readCounter('EPAPER'),
    }).toEqual(totals);
    const audit = await call<{ list: { targetId?: string }[] }>('GET', '/audit?action=trashExpired', { token });
    expect(audit.body.data?.list.some((entry) => entry.targetId === a._id)).toBe(true);
  });
});
