/**
 * The models (functions/<entity>/model.ts) store each record exactly as the keys.ts and repo.ts before them did:
 * the same partition and sort keys, the same index attributes. A change here would strand every stored record, so
 * the layouts are written out literally.
 */
import { describe, expect, it } from 'vitest';
import { adModel } from '../../functions/advertisement/model';
import { articleModel } from '../../functions/article/model';
import { assetModel } from '../../functions/asset/model';
import { breakingNewsModel } from '../../functions/breaking-news/model';
import { categoryModel } from '../../functions/category/model';
import { clientModel } from '../../functions/client/model';
import { epaperModel } from '../../functions/epaper/model';
import { homeLayoutModel } from '../../functions/home-layout/model';
import { menuModel } from '../../functions/menu/model';
import { roleModel } from '../../functions/role/model';
import { siteModel } from '../../functions/site-management/model';
import { userModel } from '../../functions/user/model';

const at = '2026-11-28T10:00:00.000Z';
const record = { _id: 'X1', createdAt: at, version: 1 };
const keysOf = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([k]) => ['pk', 'sk'].includes(k) || /^gsi\dsk|^gsi\dpk/.test(k)));

describe('the models store records as before', () => {
  it.each([
    ['client', clientModel, { pk: 'CLIENT#X1', sk: 'CLIENT', gsi1pk: 'CLIENT', gsi1sk: `${at}#X1` }],
    ['breaking news', breakingNewsModel, { pk: 'BREAKING#X1', sk: 'BREAKING', gsi1pk: 'BREAKING', gsi1sk: `${at}#X1` }],
    ['category', categoryModel, { pk: 'CATEGORY#X1', sk: 'CATEGORY', gsi1pk: 'CATEGORY', gsi1sk: `${at}#X1` }],
    ['menu', menuModel, { pk: 'MENU#X1', sk: 'MENU', gsi1pk: 'MENU', gsi1sk: `${at}#X1` }],
    ['user', userModel, { pk: 'USER#X1', sk: 'USER', gsi1pk: 'USER', gsi1sk: `${at}#X1` }],
  ] as const)('%s', (_name, model, keys) => {
    const item = (model.itemOf as (r: unknown) => Record<string, unknown>)(record);
    expect(keysOf(item)).toEqual(keys);
    expect(item).toMatchObject(record);
    expect(model.recordOf(item)).toEqual(record);
  });

  it.each([
    {
      name: 'e-paper editions by created and by publish date',
      model: epaperModel,
      fields: { publishDate: '2026-12-01T00:00:00.000Z' },
      keys: {
        pk: 'EPAPER#X1',
        sk: 'EPAPER',
        gsi1pk: 'EPAPER',
        gsi1sk: `${at}#X1`,
        gsi2pk: 'EPAPER#DATE',
        gsi2sk: '2026-12-01T00:00:00.000Z#X1',
      },
    },
    {
      name: 'roles in their status partition',
      model: roleModel,
      fields: { status: 'Disable' },
      keys: {
        pk: 'ROLE#X1',
        sk: 'ROLE',
        gsi1pk: 'ROLE',
        gsi1sk: `${at}#X1`,
        gsi2pk: 'ROLE#Disable',
        gsi2sk: `${at}#X1`,
      },
    },
    {
      name: 'ads by created and by end date',
      model: adModel,
      fields: { endDate: '2026-12-31T23:59:59.999Z' },
      keys: {
        pk: 'AD#X1',
        sk: 'AD',
        gsi1pk: 'AD',
        gsi1sk: `${at}#X1`,
        gsi2pk: 'AD#END',
        gsi2sk: '2026-12-31T23:59:59.999Z#X1',
      },
    },
  ])('$name', ({ model, fields, keys }) => {
    const item = (model.itemOf as (r: unknown) => Record<string, unknown>)({ ...record, ...fields });
    expect(keysOf(item)).toEqual(keys);
  });

  it('roles listed by status from their partition', () => {
    expect(roleModel.listing('gsi2', 'Enable')).toEqual({ index: 'gsi2', partition: 'ROLE#Enable' });
  });

  it('assets by created and, verified and unclaimed, by the time of their check; checked ones by kind and uploader', () => {
    const verified = {
      ...record,
      updatedAt: '2026-11-28T11:00:00.000Z',
      status: 'verified',
      purpose: 'category-image',
      contentType: 'image/png',
      owner: 'U1',
    };
    const library = { gsi3pk: 'ASSETKIND#image', gsi3sk: `${at}#X1`, gsi4pk: 'ASSETBY#U1', gsi4sk: `${at}#X1` };
    expect(keysOf(assetModel.itemOf(verified as never))).toEqual({
      pk: 'ASSET#X1',
      sk: 'ASSET',
      gsi1pk: 'ASSET',
      gsi1sk: `${at}#X1`,
      gsi2pk: 'ASSET#UNCLAIMED',
      gsi2sk: '2026-11-28T11:00:00.000Z#X1',
      ...library,
    });
    const listedOnly = { pk: 'ASSET#X1', sk: 'ASSET', gsi1pk: 'ASSET', gsi1sk: `${at}#X1` };
    expect(keysOf(assetModel.itemOf({ ...verified, claimed: true } as never))).toEqual({ ...listedOnly, ...library });
    expect(keysOf(assetModel.itemOf({ ...verified, purpose: 'editor-image' } as never))).toEqual({
      ...listedOnly,
      ...library,
    });
    expect(keysOf(assetModel.itemOf({ ...verified, status: 'pending' } as never))).toEqual(listedOnly);
    // Removed: out of the library, into the sweeper's second queue by its removal time.
    const removedAt = '2026-11-28T12:00:00.000Z';
    expect(keysOf(assetModel.itemOf({ ...verified, claimed: true, status: 'removed', removedAt } as never))).toEqual({
      ...listedOnly,
      gsi2pk: 'ASSET#REMOVED',
      gsi2sk: `${removedAt}#X1`,
    });
  });
});

describe('the article row keeps the layout its keys.ts built before the model', () => {
  const updated = '2026-11-28T11:00:00.000Z';
  const row = { ...record, updatedAt: updated, status: 'Draft', publishDate: null };

  it('in every article (gsi1), its status (gsi2) and by last update (gsi4)', () => {
    expect(keysOf(articleModel.itemOf(row as never))).toEqual({
      pk: 'CMS#X1',
      sk: 'CMS',
      gsi1pk: 'CMS',
      gsi1sk: `${at}#X1`,
      gsi2pk: 'CMS#Draft',
      gsi2sk: `${at}#X1`,
      gsi4pk: 'CMS',
      gsi4sk: `${updated}#X1`,
    });
  });

  it('and, only while Scheduled, by publish date in the sparse gsi3', () => {
    const due = '2026-12-01T06:00:00.000Z';
    const item = articleModel.itemOf({ ...row, status: 'Scheduled', publishDate: due } as never);
    expect(keysOf(item)).toMatchObject({ gsi2pk: 'CMS#Scheduled', gsi3pk: 'CMS#SCHEDULED', gsi3sk: `${due}#X1` });
    const published = articleModel.itemOf({ ...row, status: 'Publish', publishDate: due } as never);
    expect(keysOf(published)).not.toHaveProperty('gsi3pk');
  });

  it('the site settings and the home layout, one item each', () => {
    expect(keysOf(siteModel.itemOf(record as never))).toEqual({ pk: 'SITE', sk: 'SITE' });
    expect(keysOf(homeLayoutModel.itemOf(record as never))).toEqual({ pk: 'LAYOUT#home', sk: 'LAYOUT' });
    expect(homeLayoutModel.itemOf(record as never)).toMatchObject(record);
  });
});
