import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { adKey } from '../../functions/advertisement/model';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { STALE_VERSION_MESSAGE } from '../../shared/constants';
import { actorWith, createCategory, createClient, editionFields, uploadPdf } from './factories';
import { admin, call, errorText, inHours, login, uploadFile } from './helpers';

let token: string;
let categoryId: string;
let clientId: string;

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  categoryId = (await createCategory(token, { name: `Ads ${newId()}` }))._id;
  clientId = (await createClient(token, { name: 'Acme Motors' }))._id;
});

interface Epaper {
  _id: string;
  status: string;
  version: number;
  slug: string;
  user: string;
  media: Record<string, { url: string }>;
}

describe('e-paper', () => {
  it('adds an edition as Draft, toggles Published ↔ Draft, and refuses a stale toggle', async () => {
    const file = await uploadPdf(token);
    const created = await call<Epaper>('POST', '/epaper/create', { token, body: editionFields(file) });
    expect(created.status).toBe(201);
    const e = created.body.data as Epaper;
    expect(e.status).toBe('Draft');
    expect(e.media[file]?.url).toMatch(/^\/media\//);

    const published = await call<Epaper>('PATCH', `/epaper/${e._id}`, {
      token,
      body: { _id: e._id, version: e.version, status: 'Published' },
    });
    expect(published.body.data?.status).toBe('Published');
    const stale = await call('PATCH', `/epaper/${e._id}`, {
      token,
      body: { _id: e._id, version: e.version, status: 'Draft' },
    });
    expect(stale.status).toBe(409);
    expect(errorText(stale)).toBe(`Conflict: ${STALE_VERSION_MESSAGE}`);
    const back = await call<Epaper>('PATCH', `/epaper/${e._id}`, {
      token,
      body: { _id: e._id, version: published.body.data?.version, status: 'Draft' },
    });
    expect(back.body.data?.status).toBe('Draft');
  });

  it.each([
    ['no SEO title', { seo: { title: '', description: 'x' } }, 'SEO title is required'],
    ['no SEO description', { seo: { title: 'x', description: ' ' } }, 'SEO description is required'],
    ['no publish date', { publishDate: undefined }, 'Publish date is required'],
    ['no PDF', { file: undefined }, 'PDF file is required'],
    [
      'keywords over 500',
      { seo: { title: 'x', description: 'y', metaTags: [{ content: 'k'.repeat(501) }] } },
      '500 character limit',
    ],
  ])('refuses %s', async (_name, extra, message) => {
    const res = await call('POST', '/epaper/create', { token, body: { ...editionFields(newId()), ...extra } });
    expect(res.status).toBe(400);
    expect(errorText(res)).toContain(message);
  });

  it('takes only a verified PDF uploaded for e-paper', async () => {
    const png = await uploadFile(token, 'cover-image');
    const res = await call('POST', '/epaper/create', { token, body: editionFields(png) });
    expect(res.status).toBe(400);
    expect(errorText(res)).toContain('another use');
    // The upload API itself refuses a PNG declared for e-paper.
    const refused = await call('POST', '/asset/upload', {
      token,
      body: { name: 'x.png', contentType: 'image/png', size: 100, purpose: 'epaper-pdf' },
    });
    expect(refused.status).toBe(400);
  });

  it('filters by publish date with an exact total', async () => {
    const day = '2031-03-04';
    const file = await uploadPdf(token);
    for (const h of [1, 5]) {
      await call('POST', '/epaper/create', {
        token,
        body: editionFields(file, { publishDate: `${day}T0${h}:00:00.000Z` }),
      });
    }
    const list = await call<{ list: { publishDate: string }[]; total: number }>('GET', `/epaper?date=${day}`, {
      token,
    });
    expect(list.body.data?.total).toBe(2);
    expect(list.body.data?.list.every((e) => e.publishDate.startsWith(day))).toBe(true);
    expect((await call('GET', '/epaper?date=04-03-2031', { token })).status).toBe(400);
  });

  it('finds editions by title words, within a publish day too, and a retitled one only by its new title', async () => {
    const tag = `qz${newId().slice(-8).toLowerCase().replace(/[0-9]/g, 'k')}`;
    const file = await uploadPdf(token);
    const day = '2031-05-06';
    const morning = (
      await call<Epaper>('POST', '/epaper/create', {
        token,
        body: editionFields(file, { title: `Morning ${tag} edition`, publishDate: `${day}T05:00:00.000Z` }),
      })
    ).body.data as Epaper;
    await call('POST', '/epaper/create', { token, body: editionFields(file, { title: `Evening ${tag} edition` }) });
    const total = async (q: string) =>
      (await call<{ total: number }>('GET', `/epaper?${q}`, { token })).body.data?.total ?? -1;
    expect(await total(`search=${tag}`)).toBe(2);
    expect(await total(`search=morn%20${tag}`)).toBe(1);
    expect(await total(`search=${tag}&date=${day}`)).toBe(1);
    const renamed = await call('PATCH', `/epaper/${morning._id}`, {
      token,
      body: { ...editionFields(file, { title: `Sunrise ${tag} edition` }), version: morning.version },
    });
    expect(renamed.status).toBe(200);
    expect(await total(`search=morning%20${tag}`)).toBe(0);
    expect(await total(`search=sunrise%20${tag}`)).toBe(1);
  });

  it('keeps Edit:own users to their own editions', async () => {
    const own = await actorWith({ Epaper: ['Read', 'Write', 'EditOwn'] });
    const theirs = (
      await call<Epaper>('POST', '/epaper/create', {
        token: own.token,
        body: editionFields(await uploadPdf(own.token)),
      })
    ).body.data as Epaper;
    const someoneElses = (
      await call<Epaper>('POST', '/epaper/create', { token, body: editionFields(await uploadPdf(token)) })
    ).body.data as Epaper;
    const toggle = (e: Epaper) =>
      call('PATCH', `/epaper/${e._id}`, {
        token: own.token,
        body: { _id: e._id, version: e.version, status: 'Published' },
      });
    expect((await toggle(theirs)).status).toBe(200);
    expect((await toggle(someoneElses)).status).toBe(403);
    const reader = await actorWith({ Epaper: ['Read'] });
    expect((await call('POST', '/epaper/create', { token: reader.token, body: editionFields(newId()) })).status).toBe(
      403,
    );
  });
});

interface Ad {
  _id: string;
  version: number;
  images: { screenType: string; file: string }[];
  views: number;
  clicks: number;
  user: { _id: string; name: string } | string;
}

describe('advertisements', () => {
  let mobile: string;
  let desktop: string;
  beforeAll(async () => {
    mobile = await uploadFile(token, 'ad-image');
    desktop = await uploadFile(token, 'ad-image');
  });
  const ad = (extra: Record<string, unknown> = {}) => ({
    title: `Spring sale ${newId()}`,
    description: 'Everything must go',
    url: 'https://acme.test/sale',
    client: clientId,
    categories: [categoryId],
    maxImpressionAllowed: 10_000,
    startDate: inHours(1),
    endDate: inHours(24 * 7),
    position: 'Top',
    images: [
      { screenType: 'Mobile', file: mobile },
      { screenType: 'Desktop', file: desktop },
    ],
    isFeatured: true,
    ...extra,
  });

  it('creates a Top ad with both images; moving it to Bottom keeps only the Mobile image', async () => {
    const created = await call<Ad>('POST', '/advertisement', { token, body: ad({ views: 99, clicks: 5 }) });
    expect(created.status).toBe(201);
    const a = created.body.data as Ad;
    expect(a.images).toHaveLength(2);
    expect(a).toMatchObject({ views: 0, clicks: 0 });
    const moved = await call<Ad>('PATCH', `/advertisement/${a._id}`, {
      token,
      body: { ...ad({ position: 'Bottom' }), version: a.version },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data?.images).toEqual([{ screenType: 'Mobile', file: mobile }]);
    const stale = await call('PATCH', `/advertisement/${a._id}`, { token, body: { ...ad(), version: a.version } });
    expect(stale.status).toBe(409);
  });

  it.each([
    ['Top without a Desktop image', { images: [{ screenType: 'Mobile', file: 'M' }] }, 'needs a Desktop image'],
    ['no Mobile image', { position: 'Bottom', images: [] }, 'A Mobile image is required'],
    [
      'an end before the start',
      { startDate: inHours(5), endDate: inHours(4) },
      'The end date must be after the start date',
    ],
    ['a start in the past', { startDate: inHours(-5) }, 'The start date cannot be in the past'],
    ['no client', { client: undefined }, 'Client is required'],
    ['no category', { categories: [] }, 'Select at least one category'],
    ['impressions of 0', { maxImpressionAllowed: 0 }, 'positive'],
    ['impressions of 1.5', { maxImpressionAllowed: 1.5 }, 'whole number'],
    ['an unknown position', { position: 'Sidebar' }, 'Choose a position'],
    ['no start date', { startDate: undefined }, 'Start date is required'],
  ])('refuses %s', async (_name, extra, message) => {
    const body = ad(extra as Record<string, unknown>);
    if ((extra as { images?: { file: string }[] }).images?.[0]?.file === 'M')
      body.images = [{ screenType: 'Mobile', file: mobile }];
    const res = await call('POST', '/advertisement', { token, body });
    expect(res.status).toBe(400);
    expect(errorText(res)).toContain(message.replace('positive', 'above 0'));
  });

  it('refuses a client or category that does not exist and images that are not verified ad images', async () => {
    expect(errorText(await call('POST', '/advertisement', { token, body: ad({ client: newId() }) }))).toContain(
      'client does not exist',
    );
    expect(errorText(await call('POST', '/advertisement', { token, body: ad({ categories: [newId()] }) }))).toContain(
      'category does not exist',
    );
    // A picture from the library may serve any field that takes its type; a PDF is no ad image, whatever its purpose.
    const pdf = await uploadPdf(token);
    const res = await call('POST', '/advertisement', {
      token,
      body: ad({ position: 'Bottom', images: [{ screenType: 'Mobile', file: pdf }] }),
    });
    expect(errorText(res)).toContain('another use');
    const cover = await uploadFile(token, 'cover-image');
    const chosen = await call('POST', '/advertisement', {
      token,
      body: ad({ position: 'Bottom', images: [{ screenType: 'Mobile', file: cover }] }),
    });
    expect(chosen.status).toBe(201);
  });

  it('lets a running ad keep its start date on update, but not move it into the past', async () => {
    const a = (await call<Ad>('POST', '/advertisement', { token, body: ad() })).body.data as Ad;
    // The ad has been running for two days (set in storage: the API never accepts a past start).
    const started = inHours(-48);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: adKey(a._id),
        UpdateExpression: 'SET startDate = :s',
        ExpressionAttributeValues: { ':s': started },
      }),
    );
    const renamed = await call<Ad>('PATCH', `/advertisement/${a._id}`, {
      token,
      body: { ...ad({ startDate: started, title: 'Renamed' }), version: a.version },
    });
    expect(renamed.status).toBe(200);
    const earlier = await call('PATCH', `/advertisement/${a._id}`, {
      token,
      body: { ...ad({ startDate: inHours(-72) }), version: renamed.body.data?.version },
    });
    expect(earlier.status).toBe(400);
    expect(errorText(earlier)).toContain('The start date cannot be in the past');
  });

  it('filters by title, category and running date with exact totals', async () => {
    const tag = newId().slice(-8).toLowerCase();
    await call('POST', '/advertisement', {
      token,
      body: ad({ title: `Zebra ${tag} one`, startDate: inHours(1), endDate: inHours(30) }),
    });
    await call('POST', '/advertisement', {
      token,
      body: ad({ title: `ZEBRA ${tag} two`, startDate: inHours(24 * 30), endDate: inHours(24 * 31) }),
    });
    const list = async (q: string) =>
      (await call<{ total: number }>('GET', `/advertisement?${q}`, { token })).body.data?.total ?? -1;
    expect(await list(`search=zebra%20${tag}`)).toBe(2);
    expect(await list(`search=zebra%20${tag}&categories=${categoryId}`)).toBe(2);
    expect(await list(`search=zebra%20${tag}&categories=${newId()}`)).toBe(0);
    expect(await list(`search=zebra%20${tag}&from=${inHours(2)}&to=${inHours(3)}`)).toBe(1);
    expect(await list(`search=zebra%20${tag}&from=${inHours(24 * 30 + 1)}&to=${inHours(24 * 30 + 2)}`)).toBe(1);
  });

  it('needs Advertisement permissions, and lets ad writers list clients for the picker', async () => {
    const writer = await actorWith({ Advertisement: ['Read', 'Write'] });
    expect((await call('POST', '/advertisement', { token: writer.token, body: ad() })).status).toBe(201);
    expect((await call('GET', '/client?all=true', { token: writer.token })).status).toBe(200);
    const created = (await call<Ad>('POST', '/advertisement', { token, body: ad() })).body.data as Ad;
    expect(
      (await call('PATCH', `/advertisement/${created._id}`, { token: writer.token, body: { ...ad(), version: 1 } }))
        .status,
    ).toBe(403);
    const outsider = await actorWith({ Cms: ['Read'] });
    expect((await call('GET', '/advertisement', { token: outsider.token })).status).toBe(403);
    expect((await call('GET', '/client?all=true', { token: outsider.token })).status).toBe(403);
  });
});
