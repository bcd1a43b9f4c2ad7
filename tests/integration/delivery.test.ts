/**
 * The delivery API as the reader-facing site meets it, through the local CDN (the gateway's content cache, as
 * CloudFront in AWS): published content only, a live content key on every request, strong ETags and 304s, the
 * cache headers, and a change in the admin reaching readers within seconds, purging exactly the paths it touched.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { authorSlug } from '../../functions/content-changes/articles';
import { CONTENT_BASE, CONTENT_KEY_HEADER } from '../../shared/addresses';
import type { PublicArticle, PublicCard, PublicHome, PublicPage } from '../../shared/schemas/content';
import { png } from '../fixtures/png';
import {
  activateMenu,
  articleFields,
  callRoute,
  createArticle,
  createBreakingNews,
  createCategory,
  createEdition,
  createMenu,
  dataOf,
  homeMenuItem,
  moveArticle,
  saveArticle,
} from './factories';
import { admin, apiUrl, call, login, uploadFile } from './helpers';
import { siteBodyOf, storedSite, withSiteRecord } from './site-fixture';

const siteUrl = apiUrl.replace(/\/api$/, '');
let token: string;
let key: string;
let category: { _id: string; slug: string };
let adminId: string;
let adminName: string;

interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  data?: T;
  text: string;
}

/** A GET of the delivery API with the key (or `as`), and headers. */
async function read<T = unknown>(path: string, headers: Record<string, string> = {}, as = key): Promise<Answer<T>> {
  const res = await fetch(`${siteUrl}${CONTENT_BASE}${path}`, {
    headers: { ...(as ? { [CONTENT_KEY_HEADER]: as } : {}), ...headers },
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as { data?: T }) : {};
  return { status: res.status, headers: res.headers, data: body.data, text };
}

/** Reads `path` until `accept` holds (what a reader would see), failing after `ms`; how long it took. */
async function until<T>(path: string, accept: (a: Answer<T>) => boolean, ms = 5000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await read<T>(path);
    if (accept(answer)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${path} stayed ${answer.status} ${answer.text.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  key = (await dataOf(callRoute('POST /site-management/content-keys', { token, body: { name: 'Site' } }), 'key')).key;
  // Live at the edge once the table's stream has brought it there.
  await until('/home', (a) => a.status === 200);
  // An empty home page, so the publisher's sweep of stories other files left there (retracted, removed) cannot
  // purge /home while a case below watches what its own change purges.
  const layout = (await call<{ _id: string; version: number }>('GET', '/layout/home', { token })).body.data;
  const emptied = await call('PATCH', `/layout/${layout?._id}`, {
    token,
    body: { version: layout?.version, body: { headlines: [], topStory: [], coverStory: null, sections: [] } },
  });
  if (emptied.status !== 200) throw new Error(`home layout not emptied: ${emptied.status}`);
  await until<PublicHome>('/home', (a) => a.data?.headlines.length === 0 && a.data.sections.length === 0);
  category = await createCategory(token);
  const me = await dataOf(callRoute('GET /user/me', { token }), 'me');
  adminId = me._id;
  adminName = me.name;
});

withSiteRecord(() => token);

describe('publish → visible → retract', () => {
  it('shows a published article by slug and id, in its lists, and takes it away when retracted', async () => {
    const draft = await createArticle(token, articleFields({ categories: [category._id], user: adminId }));
    expect((await read(`/articles/${encodeURIComponent(draft.slug)}`)).status).toBe(404);

    const published = await moveArticle(token, draft, 'publish');
    const took = await until<PublicArticle>(`/articles/${encodeURIComponent(published.slug)}`, (a) => a.status === 200);
    expect(took).toBeLessThan(2000);
    const article = await read<PublicArticle>(`/articles/${encodeURIComponent(published.slug)}`);
    expect(article.data).toMatchObject({ id: published._id, title: published.title, slug: published.slug });
    expect(article.data?.html).toContain('<p>Text.</p>');
    expect(JSON.stringify(article.data)).not.toContain(adminId);
    expect((await read<PublicArticle>(`/articles/id/${published._id}`)).data?.id).toBe(published._id);
    const latest = await read<PublicPage<PublicCard>>('/latest');
    expect(latest.data?.list.map((c) => c.id)).toContain(published._id);
    const desk = await read<PublicPage<PublicCard>>(`/categories/${encodeURIComponent(category.slug)}`);
    expect(desk.data?.list.map((c) => c.id)).toEqual([published._id]);

    await moveArticle(token, published, 'retract');
    await until(`/articles/${encodeURIComponent(published.slug)}`, (a) => a.status === 404, 2000);
    expect((await read(`/articles/id/${published._id}`)).status).toBe(404);
    const after = await read<PublicPage<PublicCard>>('/latest');
    expect(after.data?.list.map((c) => c.id)).not.toContain(published._id);
  });
});

describe('pictures', () => {
  it("gives a cover's and a gallery item's renditions with their sizes, and the picture's alt text when the article has none", async () => {
    const cover = await uploadFile(token, 'cover-image', {
      name: 'c.png',
      contentType: 'image/png',
      bytes: png(900, 600, [10, 120, 90]),
    });
    const view = (await call<{ version: number }>('GET', `/asset/${cover}`, { token })).body.data;
    await call('PATCH', `/asset/${cover}`, { token, body: { alt: 'A quay at dawn', version: view?.version } });
    const draft = await createArticle(
      token,
      articleFields({ categories: [category._id], user: adminId }, { image: cover }),
    );
    const published = await moveArticle(token, draft, 'publish');
    const path = `/articles/${encodeURIComponent(published.slug)}`;
    await until(path, (a) => a.status === 200);
    const image = (await read<PublicArticle>(path)).data?.image;
    expect(image).toMatchObject({ alt: 'A quay at dawn', width: 900, height: 600 });
    const byPreset = new Map(image?.renditions?.map((r) => [r.preset, r]));
    expect(byPreset.get('w640')).toMatchObject({ width: 640, height: 427 });
    expect(byPreset.get('w640')?.url).toMatch(/^\/media\/r\/w640\/cover-image\/[0-9a-z]{26}\.png$/);
    // Never wider than the picture: 900 is its own last width; the crops keep their ratio.
    expect(byPreset.get('w1024')).toMatchObject({ width: 900 });
    expect(byPreset.has('w1200')).toBe(false);
    expect(byPreset.get('16x9-400')).toMatchObject({ width: 400, height: 225 });
    expect(byPreset.get('16x9-400')?.url).toContain('@50-50/');
  });
});

describe('a category renamed', () => {
  it('moves its page to the new slug and its articles’ cards to the new name', async () => {
    const desk = await createCategory(token);
    const story = await createArticle(token, articleFields({ categories: [desk._id], user: adminId }), 'publish');
    const oldPage = `/categories/${encodeURIComponent(desk.slug)}`;
    await until<PublicPage<PublicCard>>(oldPage, (a) => a.data?.list[0]?.id === story._id);
    const name = `Renamed desk ${Date.now()}`;
    const slug = `renamed-desk-${Date.now()}`;
    const res = await call('PATCH', `/category/${desk._id}`, {
      token,
      body: { name, slug, parent: null, version: desk.version },
    });
    expect(res.status).toBe(200);
    const newPage = `/categories/${slug}`;
    await until<PublicPage<PublicCard>>(newPage, (a) => a.data?.list[0]?.id === story._id);
    await until(oldPage, (a) => a.status === 404);
    const card = (await read<PublicArticle>(`/articles/id/${story._id}`)).data;
    expect(card?.categories).toEqual([{ name, slug }]);
  });
});

describe('keys', () => {
  it('refuses a request without a key, with a wrong one, and with a revoked one', async () => {
    expect((await read('/home', {}, '')).status).toBe(401);
    expect((await read('/home', {}, `${key.slice(0, -1)}x`)).status).toBe(401);
    const spare = await dataOf(
      callRoute('POST /site-management/content-keys', { token, body: { name: 'Spare' } }),
      'k',
    );
    // A new key reaches the edge's store through the table's stream, as CloudFront's store is kept in AWS.
    const started = Date.now();
    while ((await read('/home', {}, spare.key)).status !== 200) {
      expect(Date.now() - started).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await callRoute('POST /site-management/content-keys/{id}/revoke', { token, params: { id: spare._id } });
    const revokedAt = Date.now();
    let refused = await read('/home', {}, spare.key);
    while (refused.status === 200 && Date.now() - revokedAt < 2000) refused = await read('/home', {}, spare.key);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(refused.text).message.msg).toMatch(/^Unauthorized: /);
  });
});

describe('caching', () => {
  it('answers with a strong ETag and the cache headers, and 304 for a matching If-None-Match', async () => {
    const home = await read<PublicHome>('/home');
    expect(home.status).toBe(200);
    const etag = home.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(home.headers.get('cache-control')).toMatch(
      /public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+/,
    );
    const again = await read('/home', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});

/** The delivery paths the invalidation cases watch: each kind of change must purge its own and no other. */
const WATCHED = ['/site', '/home', '/menus/menu-1', '/breaking-news', '/epapers', '/latest', '/search?q=story'];

/** Reads each path until the local CDN answers it from its copy. */
async function warm(paths: readonly string[]) {
  for (const path of paths) await until(path, (a) => a.headers.get('x-cache')?.startsWith('Hit') ?? false);
}

/** The watched paths the CDN no longer holds a copy of (read once more: a purged one is a Miss). */
async function purged(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    if (!(await read(path)).headers.get('x-cache')?.startsWith('Hit')) out.push(path);
  }
  return out;
}

/**
 * Makes `change`, waits until `sign` shows it through the CDN (so its old copy was purged: it was a Hit before),
 * then says which watched paths were purged: `sign`, and every other whose next read misses the copy.
 */
async function purgedBy(extra: string[], change: () => Promise<unknown>, sign: string, accept: (a: Answer) => boolean) {
  const paths = [...WATCHED, ...extra];
  await warm(paths);
  await change();
  await until(sign, accept, 5000);
  return [sign, ...(await purged(paths.filter((path) => path !== sign)))].sort();
}

describe('invalidations: a change purges exactly the paths it touched', () => {
  it('publishing an article: its addresses, its category, its author, the latest and search; nothing else', async () => {
    const other = await createCategory(token);
    const otherPage = `/categories/${encodeURIComponent(other.slug)}`;
    const deskPage = `/categories/${encodeURIComponent(category.slug)}`;
    const draft = await createArticle(
      token,
      articleFields({ categories: [category._id], user: adminId }, { title: `Invalidation story ${Date.now()}` }),
    );
    const slugPath = `/articles/${encodeURIComponent(draft.slug)}`;
    const idPath = `/articles/id/${draft._id}`;
    const authorPage = `/authors/${authorSlug(adminName, adminId)}`;
    const own = [slugPath, idPath, deskPage, authorPage, '/latest', '/search?q=story'].sort();
    const published = await moveArticle(token, draft, 'publish');
    await until(slugPath, (a) => a.status === 200);

    // Its Publish changes (a live article saved and published again): the same paths, nothing else.
    const retitled = `Invalidation story retitled ${Date.now()}`;
    const updated = await purgedBy(
      [slugPath, idPath, deskPage, otherPage, authorPage],
      () =>
        saveArticle(
          token,
          published,
          articleFields({ categories: [category._id], user: adminId }, { title: retitled, slug: published.slug }),
          'publish',
        ),
      slugPath,
      (a) => a.text.includes(retitled),
    );
    expect(updated).toEqual(own);

    // Retracted: the same paths again.
    const current = await dataOf(callRoute('GET /cms/detail/{id}', { token, params: { id: published._id } }), 'read');
    const retracted = await purgedBy(
      [slugPath, idPath, deskPage, otherPage, authorPage],
      () => moveArticle(token, current, 'retract'),
      slugPath,
      (a) => a.status === 404,
    );
    expect(retracted).toEqual(own);
  });

  it('removing a published article (to the trash) purges its addresses and lists', async () => {
    const story = await createArticle(token, articleFields({ categories: [category._id], user: adminId }), 'publish');
    const slugPath = `/articles/${encodeURIComponent(story.slug)}`;
    await until(slugPath, (a) => a.status === 200);
    const removed = await purgedBy(
      [slugPath],
      () => call('DELETE', `/cms/${story._id}`, { token }),
      slugPath,
      (a) => a.status === 404,
    );
    expect(removed).toEqual(['/latest', '/search?q=story', slugPath].sort());
  });

  it('a breaking news change purges breaking news alone', async () => {
    const title = `Flash ${Date.now()}`;
    const result = await purgedBy(
      [],
      () => createBreakingNews(token, { title }),
      '/breaking-news',
      (a) => a.text.includes(title),
    );
    expect(result).toEqual(['/breaking-news']);
  });

  it('a menu change purges that menu alone', async () => {
    const menu = await createMenu(token, { name: 'menu-1', items: [homeMenuItem(`home-${Date.now()}`)] });
    const result = await purgedBy(
      [],
      () => activateMenu(token, menu),
      '/menus/menu-1',
      (a) => a.status === 200,
    );
    expect(result).toEqual(['/menus/menu-1']);
  });

  it('a site settings change purges the site alone', async () => {
    const name = `Planet ${Date.now()}`;
    const result = await purgedBy(
      [],
      async () => {
        const site = await storedSite();
        const res = await call('PATCH', `/site-management/${site._id}`, {
          token,
          body: siteBodyOf(site, { siteName: name }),
        });
        expect(res.status).toBe(200);
      },
      '/site',
      (a) => a.text.includes(name),
    );
    expect(result).toEqual(['/site']);
  });

  it('a published e-paper edition purges the editions alone', async () => {
    const title = `Edition ${Date.now()}`;
    const edition = await createEdition(token, { title });
    const publish = () =>
      call('PATCH', `/epaper/${edition._id}`, {
        token,
        body: { _id: edition._id, version: edition.version, status: 'Published' },
      });
    const result = await purgedBy([], publish, '/epapers', (a) => a.text.includes(title));
    expect(result).toEqual(['/epapers']);
  });

  it('a home layout change purges the home page alone', async () => {
    const story = await createArticle(token, articleFields({ categories: [category._id], user: adminId }), 'publish');
    await until(`/articles/id/${story._id}`, (a) => a.status === 200);
    const result = await purgedBy(
      [],
      async () => {
        const layout = (await call<{ _id: string; version: number }>('GET', '/layout/home', { token })).body.data;
        const body = { headlines: [story._id], topStory: [], coverStory: null, sections: [] };
        const res = await call('PATCH', `/layout/${layout?._id}`, { token, body: { version: layout?.version, body } });
        expect(res.status).toBe(200);
      },
      '/home',
      (a) => a.text.includes(story._id),
    );
    // Publishing the story above purged the latest and search before the watch began; the layout purges home alone.
    expect(result).toEqual(['/home']);
  });
});

describe('cache headers per path', () => {
  it('every answer of a path family carries the strong ETag and the CDN headers; a 404 is kept shorter; refusals are never kept', async () => {
    for (const path of [
      '/site',
      '/home',
      '/latest',
      '/breaking-news',
      '/epapers',
      '/search?q=story',
      '/menus/menu-1',
    ]) {
      const answer = await read(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('etag'), path).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      expect(answer.headers.get('cache-control'), path).toBe(
        'public, max-age=60, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400',
      );
      expect((await read(path, { 'if-none-match': answer.headers.get('etag') ?? '' })).status, path).toBe(304);
    }
    const missing = await read('/articles/no-such-story-anywhere');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect((await read('/latest?limit=500')).status).toBe(400);
    expect((await read('/latest?cursor=junk')).status).toBe(400);
  });
});
