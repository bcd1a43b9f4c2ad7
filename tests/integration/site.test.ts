import { beforeAll, describe, expect, it } from 'vitest';
import { actorWith } from './factories';
import { admin, call, errorText, login, uploadFile } from './helpers';

let token: string;

beforeAll(async () => {
  token = await login(admin.email, admin.password);
});

const uploaded = (purpose: string) => uploadFile(token, purpose);

const form = (extra: Record<string, unknown> = {}) => ({
  siteName: 'The Daily Planet',
  seo: { title: 'Daily Planet — news', description: 'Metropolis news', metaTags: [{ content: 'news, metropolis' }] },
  facebookProfile: 'https://facebook.com/dailyplanet',
  ...extra,
});

type Site = {
  _id: string;
  version: number;
  siteLogo: { _id: string; url: string; name: string } | null;
  seo: { metaTags: { content: string }[] };
};

describe('site management', () => {
  it('creates the one site record, then only updates it with its version; branding follows at once', async () => {
    expect((await call('GET', '/site-management', { token })).body).toEqual({ data: null });

    const bad = await call('POST', '/site-management', { token, body: form({ siteName: '' }) });
    expect(errorText(bad)).toBe('ValidationError: Site name is required');
    const noSeo = await call('POST', '/site-management', {
      token,
      body: form({ seo: { title: 'x', description: '' } }),
    });
    expect(errorText(noSeo)).toBe('ValidationError: SEO description is required');
    const longKeywords = await call('POST', '/site-management', {
      token,
      body: form({ seo: { title: 'x', description: 'y', metaTags: [{ content: 'k'.repeat(501) }] } }),
    });
    expect(errorText(longKeywords)).toBe('ValidationError: 500 character limit');
    const badUrl = await call('POST', '/site-management', {
      token,
      body: form({ twitterProfile: 'javascript:alert(1)' }),
    });
    expect(errorText(badUrl)).toBe('ValidationError: Enter a link starting with https://');

    const logo = await uploaded('site-logo');
    const created = await call<Site>('POST', '/site-management', { token, body: form({ siteLogo: logo }) });
    expect(created.status).toBe(201);
    const site = created.body.data as Site;
    expect(site.siteLogo?.url).toMatch(/^\/media\/site-logo\/.+\.png$/);
    expect(site.siteLogo).toMatchObject({ _id: logo, name: 'image.png' });
    expect(site.seo.metaTags[0]?.content).toBe('news, metropolis');

    const again = await call('POST', '/site-management', { token, body: form() });
    expect(again.status).toBe(409);

    const detail = await call('GET', '/site-management/siteDetail');
    expect(detail.body.data).toEqual({
      _id: site._id,
      siteName: 'The Daily Planet',
      siteLogo: { url: site.siteLogo?.url },
      siteFavicon: null,
      seo: { title: 'Daily Planet — news' },
    });

    const updated = await call<Site>('PATCH', `/site-management/${site._id}`, {
      token,
      body: form({ version: 1, siteName: 'Daily Planet', siteLogo: null }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ version: 2, siteLogo: null });
    const stale = await call('PATCH', `/site-management/${site._id}`, { token, body: form({ version: 1 }) });
    expect(stale.status).toBe(409);
    expect((await call('GET', '/site-management/siteDetail')).body.data).toMatchObject({ siteName: 'Daily Planet' });
  });

  it('refuses a logo that is not a verified upload made for it', async () => {
    const site = (await call<Site>('GET', '/site-management', { token })).body.data as Site;
    // A picture from the library may be the favicon (its type fits); a PDF may not, whatever it was uploaded for.
    const pdf = await uploadFile(token, 'epaper-pdf', {
      name: 'e.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 32)]),
    });
    const wrongUse = await call('PATCH', `/site-management/${site._id}`, {
      token,
      body: form({ version: site.version, siteFavicon: pdf }),
    });
    expect(wrongUse.status).toBe(400);
    expect(errorText(wrongUse)).toBe('ValidationError: A referenced file was uploaded for another use');
    const unknown = await call('PATCH', `/site-management/${site._id}`, {
      token,
      body: form({ version: site.version, siteLogo: '01J00000000000000000000000' }),
    });
    expect(errorText(unknown)).toBe('ValidationError: A referenced file is missing or not verified');
  });

  it('is open to any signed-in user (CONTRACT.md §6) but not to visitors', async () => {
    const anyone = await actorWith({});
    expect((await call('GET', '/site-management', { token: anyone.token })).status).toBe(200);
    expect((await call('GET', '/site-management')).status).toBe(401);
  });
});
