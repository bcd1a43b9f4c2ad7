/**
 * Every stored link is https:, http: or a site path (shared/links.ts): against the real API, unsafe links in
 * menus, categories, breaking news, site profiles and ads are answered 400 and nothing is written.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAdvertisement } from '../../functions/advertisement/model';
import { breakingNewsModel } from '../../functions/breaking-news/model';
import { listAllCategories } from '../../functions/category/model';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { menuModel } from '../../functions/menu/model';
import { getSite, siteKey } from '../../functions/site-management/model';
import { LINK_MESSAGE } from '../../shared/links';
import { bottomAd, createBreakingNews, createCategory, createClient, dataOf } from './factories';
import { type ApiResult, admin, call, login, uploadFile } from './helpers';

const UNSAFE = [
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(document.cookie)</script>',
  '//evil.example',
];
const SAFE = ['https://news.example/story?id=1#top', '/politics/elections'];
const SITE_PROFILE_MESSAGE = 'Enter a link starting with https://';

let token: string;
beforeAll(async () => {
  token = await login(admin.email, admin.password);
});

function expectRefused(res: ApiResult, message = LINK_MESSAGE) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: { msg: `ValidationError: ${message}` } });
}

const totalOf = async (path: string) => (await call<{ total: number }>('GET', path, { token })).body.data?.total;

describe('menu item links', () => {
  type Menu = { _id: string; version: number };
  const items = (url: string) => [{ itemId: 'custom-link', title: 'Link', url, parent: null, menuType: 'custom' }];
  let menu: Menu;
  beforeAll(async () => {
    menu = await dataOf(
      call<Menu>('POST', '/menu/create', { token, body: { name: 'menu-2', items: items('/') } }),
      'create',
    );
  });

  it.each(UNSAFE)('refuses %s on create and update, writing nothing', async (url) => {
    const menusBefore = await totalOf('/menu');
    expectRefused(await call('POST', '/menu/create', { token, body: { name: 'menu-2', items: items(url) } }));
    expect(await totalOf('/menu')).toBe(menusBefore);

    const before = await menuModel.get(menu._id);
    const patch = { version: menu.version, items: items(url) };
    expectRefused(await call('PATCH', `/menu/${menu._id}`, { token, body: patch }));
    expect(await menuModel.get(menu._id)).toEqual(before);
  });

  it.each(SAFE)('stores %s on create and update', async (url) => {
    const fresh = await dataOf(
      call<Menu>('POST', '/menu/create', { token, body: { name: 'menu-2', items: items(url) } }),
      'create',
    );
    expect((await menuModel.get(fresh._id))?.items[0]?.url).toBe(url);
    const patch = { version: menu.version, items: items(`${url}-2`) };
    const updated = await call<Menu>('PATCH', `/menu/${menu._id}`, { token, body: patch });
    expect(updated.status).toBe(200);
    menu = updated.body.data as Menu;
    expect((await menuModel.get(menu._id))?.items[0]?.url).toBe(`${url}-2`);
  });
});

describe('category links', () => {
  type Category = { _id: string; name: string; version: number };
  const stored = async (id: string) => (await listAllCategories()).find((c) => c._id === id);
  const named = async (name: string) => (await listAllCategories()).find((c) => c.name === name);
  let category: Category;
  beforeAll(async () => {
    category = await createCategory(token, { name: `Links ${newId()}`, url: '/links' });
  });

  it.each(UNSAFE)('refuses %s on create and update, writing nothing', async (url) => {
    const name = `Unsafe ${newId()}`;
    expectRefused(await call('POST', '/category/create', { token, body: { name, url } }));
    expect(await named(name)).toBeUndefined();

    const before = await stored(category._id);
    const patch = { name: category.name, version: category.version, url };
    expectRefused(await call('PATCH', `/category/${category._id}`, { token, body: patch }));
    expect(await stored(category._id)).toEqual(before);
  });

  it.each(SAFE)('stores %s on create and update', async (url) => {
    const fresh = await createCategory(token, { name: `Safe ${newId()}`, url });
    expect((await stored(fresh._id))?.url).toBe(url);
    const patch = { name: category.name, version: category.version, url };
    const updated = await call<Category>('PATCH', `/category/${category._id}`, { token, body: patch });
    expect(updated.status).toBe(200);
    category = updated.body.data as Category;
    expect((await stored(category._id))?.url).toBe(url);
  });
});

describe('breaking news links', () => {
  type BreakingNews = { _id: string; version: number };
  let item: BreakingNews;
  beforeAll(async () => {
    item = await createBreakingNews(token, { title: `Links ${newId()}` });
  });

  it.each(UNSAFE)('refuses %s on create and update, writing nothing', async (url) => {
    const before = await totalOf('/breaking-news');
    expectRefused(await call('POST', '/breaking-news', { token, body: { title: `Unsafe ${newId()}`, url } }));
    expect(await totalOf('/breaking-news')).toBe(before);

    const stored = await breakingNewsModel.get(item._id);
    expectRefused(await call('PATCH', `/breaking-news/${item._id}`, { token, body: { version: item.version, url } }));
    expect(await breakingNewsModel.get(item._id)).toEqual(stored);
  });

  it.each(SAFE)('stores %s on create and update', async (url) => {
    const fresh = await createBreakingNews(token, { title: `Safe ${newId()}`, url });
    expect((await breakingNewsModel.get(fresh._id))?.url).toBe(url);
    const updated = await call<BreakingNews>('PATCH', `/breaking-news/${item._id}`, {
      token,
      body: { version: item.version, url },
    });
    expect(updated.status).toBe(200);
    item = updated.body.data as BreakingNews;
    expect((await breakingNewsModel.get(item._id))?.url).toBe(url);
  });
});

describe('site profile links', () => {
  const PROFILES = ['facebookProfile', 'twitterProfile', 'instagramProfile', 'linkedInProfile'] as const;
  const form = (extra: Record<string, unknown> = {}) => ({
    siteName: 'The Daily Planet',
    seo: { title: 'Daily Planet', description: 'Metropolis news', metaTags: [{ content: 'news' }] },
    facebookProfile: 'https://facebook.example/dailyplanet',
    ...extra,
  });
  // The site record is a singleton that site.test.ts expects to create itself: one made here is removed again.
  let madeHere = false;
  beforeAll(async () => {
    if (await getSite()) return;
    await dataOf(call('POST', '/site-management', { token, body: form() }), 'create');
    madeHere = true;
  });
  afterAll(async () => {
    if (madeHere) await db().send(new DeleteCommand({ TableName: tableName(), Key: siteKey() }));
  });

  const patchSite = async (extra: Record<string, unknown>) => {
    const site = await getSite();
    if (!site) throw new Error('no site record');
    return call('PATCH', `/site-management/${site._id}`, { token, body: form({ ...extra, version: site.version }) });
  };

  const cases = PROFILES.flatMap((field) => [...UNSAFE, '/politics'].map((url) => [field, url] as const));
  it.each(cases)('refuses %s = %s, writing nothing', async (field, url) => {
    const before = await getSite();
    expectRefused(await patchSite({ [field]: url }), SITE_PROFILE_MESSAGE);
    expect(await getSite()).toEqual(before);
  });

  it.each(PROFILES)('stores an https link in %s', async (field) => {
    const url = `https://social.example/${field}`;
    expect((await patchSite({ [field]: url })).status).toBe(200);
    expect((await getSite())?.[field]).toBe(url);
  });
});

describe('advertisement links', () => {
  type Ad = { _id: string; version: number };
  let adBody: (extra?: Record<string, unknown>) => Record<string, unknown>;
  let ad: Ad;
  beforeAll(async () => {
    const category = await createCategory(token, { name: `Ad links ${newId()}` });
    const client = await createClient(token, { name: 'Link Motors' });
    const mobile = await uploadFile(token, 'ad-image');
    adBody = (extra = {}) =>
      bottomAd({ client: client._id, categories: [category._id], mobile }, { title: `Link sale ${newId()}`, ...extra });
    ad = await dataOf(call<Ad>('POST', '/advertisement', { token, body: adBody() }), 'create');
  });

  it.each(UNSAFE)('refuses %s on create and update, writing nothing', async (url) => {
    const title = `Unsafe ${newId()}`;
    expectRefused(await call('POST', '/advertisement', { token, body: adBody({ title, url }) }));
    expect(await totalOf(`/advertisement?search=${encodeURIComponent(title)}`)).toBe(0);

    const before = await getAdvertisement(ad._id);
    const patch = { ...adBody({ url }), version: ad.version };
    expectRefused(await call('PATCH', `/advertisement/${ad._id}`, { token, body: patch }));
    expect(await getAdvertisement(ad._id)).toEqual(before);
  });

  it.each(SAFE)('stores %s on create and update', async (url) => {
    const fresh = await dataOf(call<Ad>('POST', '/advertisement', { token, body: adBody({ url }) }), 'create');
    expect((await getAdvertisement(fresh._id))?.url).toBe(url);
    const updated = await call<Ad>('PATCH', `/advertisement/${ad._id}`, {
      token,
      body: { ...adBody({ url }), version: ad.version },
    });
    expect(updated.status).toBe(200);
    ad = updated.body.data as Ad;
    expect((await getAdvertisement(ad._id))?.url).toBe(url);
  });
});
