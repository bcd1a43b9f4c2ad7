/**
 * Menus and ads are references a category's removal must not leave dangling (CONTRACT.md §7, Trash): a category a
 * live menu links to, or a live ad targets, is refused for the trash and for Delete now with the name of what uses it,
 * so that the menu never keeps a dead item it could not be saved with again. Menus and ads in the trash do not count,
 * and come back only with their categories.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { countAdsInCategories } from '../../functions/advertisement/category-counts';
import { adKey, CATEGORY_OF_AD_IN_TRASH_MESSAGE } from '../../functions/advertisement/model';
import { categoryUsesKey } from '../../functions/category/model';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { countMenusInCategories } from '../../functions/menu/category-counts';
import { CATEGORY_OF_MENU_IN_TRASH_MESSAGE, menuModel } from '../../functions/menu/model';
import { MAX_AD_CATEGORIES, MAX_AD_CATEGORY_CHANGES } from '../../shared/constants';
import { categoryTargetedMessage } from '../../shared/schemas/trash';
import {
  activateMenu,
  bottomAd,
  createAd,
  createCategory,
  createClient,
  createMenu,
  dataOf,
  updateMenu,
} from './factories';
import { call, deleteFromTrash, errorText, moveToTrash, restoreFromTrash, rootSession, uploadFile } from './helpers';

let token: string;

beforeAll(async () => {
  ({ token } = await rootSession());
});

const made = <T extends { _id: string; version: number }>(path: string, body: unknown) =>
  dataOf(call<T>('POST', path, { token, body }), `POST ${path}`);

type Record = { _id: string; version: number };
const linkTo = (c: { _id: string; name: string }) => ({
  itemId: c._id,
  title: c.name,
  url: `/${c._id.toLowerCase()}`,
  parent: null,
  menuType: 'category' as const,
});
const inCategoryList = async (id: string) =>
  ((await call<{ _id: string }[]>('GET', '/category/list', { token })).body.data ?? []).some((c) => c._id === id);

/**
 * A record that names category `c`, both in the trash: the record comes back only after its category (the refusal
 * says `inTrash`), and once back it counts again, so the category is refused for the trash saying `used`.
 */
async function expectBackOnlyWithCategory(
  c: { _id: string },
  record: { base: string; _id: string },
  inTrash: string,
  used: string,
) {
  expect((await moveToTrash(record.base, record._id, token)).status).toBe(200);
  expect((await moveToTrash('/category', c._id, token)).status).toBe(200);
  const blocked = await restoreFromTrash(record.base, record._id, token);
  expect(blocked.status).toBe(400);
  expect(errorText(blocked)).toBe(`ValidationError: ${inTrash}`);
  expect((await restoreFromTrash('/category', c._id, token)).status).toBe(200);
  expect((await restoreFromTrash(record.base, record._id, token)).status).toBe(200);
  expect(errorText(await moveToTrash('/category', c._id, token))).toContain(used);
}

/**
 * Makes a menu or ad look written before the categories' uses items: not marked as counted, and category `c`'s
 * uses item gone, so nothing lists it until the start-up pass counts it.
 */
async function asBeforeTheCount(key: { pk: string; sk: string }, c: { _id: string }) {
  await db().send(
    new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'REMOVE categoriesCounted' }),
  );
  await db().send(new DeleteCommand({ TableName: tableName(), Key: categoryUsesKey(c._id) }));
}

describe('a category a menu links to', () => {
  it('is refused for the trash with the menu’s name, and the menu can still be saved as it is', async () => {
    const c = await createCategory(token);
    const menu = await createMenu(token, { name: 'menu-1', items: [linkTo(c)] });
    const on = await activateMenu(token, menu);
    expect(on.status).toBe(200);

    const refused = await moveToTrash('/category', c._id, token);
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toContain('Used in the menu Top Menu');
    expect(await inCategoryList(c._id)).toBe(true);

    // The menu as it is saves again: its category is still there.
    const again = await updateMenu(token, menu._id, on.body.data?.version, { items: [linkTo(c)] });
    expect(again.status).toBe(200);

    // Taken out of the menu, the category can go.
    const out = await updateMenu(token, menu._id, again.body.data?.version, { items: [] });
    expect(out.status).toBe(200);
    expect((await moveToTrash('/category', c._id, token)).status).toBe(200);
  });

  it('counts menus in the trash out: such a menu comes back only with its category', async () => {
    const c = await createCategory(token);
    const menu = await createMenu(token, { items: [linkTo(c)] });
    await expectBackOnlyWithCategory(
      c,
      { base: '/menu', _id: menu._id },
      CATEGORY_OF_MENU_IN_TRASH_MESSAGE,
      'Used in the menu Footer Menu',
    );
  });

  it('is refused for Delete now while a menu from before the count links it', async () => {
    const c = await createCategory(token);
    const menu = await createMenu(token, { items: [linkTo(c)] });
    await asBeforeTheCount(menuModel.key(menu._id), c);
    expect((await moveToTrash('/category', c._id, token)).status).toBe(200);

    expect(await countMenusInCategories()).toBeGreaterThanOrEqual(1);
    const refused = await deleteFromTrash('/category', c._id, token);
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toContain('Used in the menu Footer Menu');

    const current = await call<Record>('GET', `/menu/${menu._id}`, { token });
    await updateMenu(token, menu._id, current.body.data?.version, { items: [] });
    expect((await deleteFromTrash('/category', c._id, token)).status).toBe(200);
  });
});

describe('a category an ad targets', () => {
  it('is refused for the trash and Delete now with the number of ads; the ad comes back only with it', async () => {
    const c = await createCategory(token);
    const client = await createClient(token, { name: `Ref client ${newId()}` });
    const title = `Monsoon sale ${newId()}`;
    const ad = await createAd(token, { client: client._id, categories: [c._id] }, { title });
    const refused = await moveToTrash('/category', c._id, token);
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toBe(`ValidationError: ${categoryTargetedMessage(1)}`);

    await expectBackOnlyWithCategory(
      c,
      { base: '/advertisement', _id: ad._id },
      CATEGORY_OF_AD_IN_TRASH_MESSAGE,
      'targeted by 1 advertisement:',
    );
  });

  it('is found for ads from before the count by the start-up pass', async () => {
    const c = await createCategory(token);
    const client = await createClient(token, { name: `Ref client ${newId()}` });
    const ad = await createAd(token, { client: client._id, categories: [c._id] });
    await asBeforeTheCount(adKey(ad._id), c);
    expect(await countAdsInCategories()).toBeGreaterThanOrEqual(1);
    expect(errorText(await moveToTrash('/category', c._id, token))).toContain('targeted by 1 advertisement:');
    expect(await countAdsInCategories()).toBe(0);
  });
});

describe('an ad’s categories', () => {
  it('fit one save: up to the most an ad may target, and as many added or taken out at once', async () => {
    const categories: string[] = [];
    for (let i = 0; i < MAX_AD_CATEGORIES * 2; i++) categories.push((await createCategory(token))._id);
    const client = await createClient(token, { name: `Many categories ${newId()}` });
    const mobile = await uploadFile(token, 'ad-image');
    const first = categories.slice(0, MAX_AD_CATEGORIES);
    const tooMany = await call('POST', '/advertisement', {
      token,
      body: bottomAd({ client: client._id, categories: categories.slice(0, MAX_AD_CATEGORIES + 1), mobile }),
    });
    expect(tooMany.status).toBe(400);
    expect(errorText(tooMany)).toContain(`At most ${MAX_AD_CATEGORIES} categories`);

    const ad = await made<Record & { version: number }>(
      '/advertisement',
      bottomAd({ client: client._id, categories: first, mobile }),
    );
    const half = MAX_AD_CATEGORIES / 2;
    // Half swapped: as many taken out as added, within what one save moves.
    const swapped = [...first.slice(half), ...categories.slice(MAX_AD_CATEGORIES, MAX_AD_CATEGORIES + half)];
    const halfway = await call<Record & { version: number }>('PATCH', `/advertisement/${ad._id}`, {
      token,
      body: { ...bottomAd({ client: client._id, categories: swapped, mobile }), version: ad.version },
    });
    expect(halfway.status, errorText(halfway)).toBe(200);
    // All of them swapped at once is more than one save moves: a clear 400, nothing written.
    const none = [...first.slice(0, half), ...categories.slice(MAX_AD_CATEGORIES + half)];
    const whole = await call('PATCH', `/advertisement/${ad._id}`, {
      token,
      body: { ...bottomAd({ client: client._id, categories: none, mobile }), version: halfway.body.data?.version },
    });
    expect(whole.status).toBe(400);
    expect(errorText(whole)).toContain(`at most ${MAX_AD_CATEGORY_CHANGES} of an advertisement’s categories`);
    const stored = await call<{ categories: string[]; version: number }>('GET', `/advertisement/${ad._id}`, { token });
    expect(stored.body.data?.version).toBe(halfway.body.data?.version);
    // A category taken out is free to remove.
    expect((await moveToTrash('/category', first[0] as string, token)).status).toBe(200);
  });
});
