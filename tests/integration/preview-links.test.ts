/**
 * Preview links (CONTRACT.md §7 Preview links): the site setting, POST /cms/{id}/preview-link, and the preview read
 * through the local CDN with a content key — an article as its editor last saved it, for a short-lived signed
 * token, and one 404 for every token that is not good.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPreviewToken } from '../../functions/preview/token';
import { CONTENT_BASE, CONTENT_KEY_HEADER } from '../../shared/addresses';
import { PREVIEW_LINK } from '../../shared/constants';
import type { ArticleDetail } from '../../shared/schemas/article-record';
import { PREVIEW_URL_MESSAGES, type PreviewLink, type PublicPreview } from '../../shared/schemas/preview';
import {
  actorWith,
  articleFields,
  callRoute,
  createArticle,
  createCategory,
  createUser,
  dataOf,
  saveArticle,
} from './factories';
import { admin, apiUrl, call, errorText, login, moveToTrash } from './helpers';
import { siteBodyOf, storedSite, withSiteRecord } from './site-fixture';

const siteUrl = apiUrl.replace(/\/api$/, '');
const TEMPLATE = 'https://news.example/preview/{slug}?token={token}';
let token: string;
let key: string;
let refs: { categories: string[]; user: string };

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  key = (await dataOf(callRoute('POST /site-management/content-keys', { token, body: { name: 'Previews' } }), 'key'))
    .key;
  const me = await dataOf(callRoute('GET /user/me', { token }), 'me');
  refs = { categories: [(await createCategory(token))._id], user: me._id };
});

withSiteRecord(() => token);

/** Sets the site's preview link template; the answer as it is. */
async function setPreviewUrl(previewUrl: string) {
  const site = await storedSite();
  return call<{ previewUrl: string }>('PATCH', `/site-management/${site._id}`, {
    token,
    body: siteBodyOf(site, { previewUrl }),
  });
}

afterAll(async () => {
  if (token) await setPreviewUrl('');
});

const askLink = (id: string, as = token) => call<PreviewLink>('POST', `/cms/${id}/preview-link`, { token: as });

/** The token of a preview link the API made. */
const tokenOf = (link: PreviewLink) => new URL(link.url ?? '').searchParams.get('token') ?? '';

interface Answer<T> {
  status: number;
  headers: Headers;
  data?: T;
  msg?: string;
}

/** GET /content/v1/preview/{token} through the local CDN, with the content key (or `as`). */
async function preview<T = PublicPreview>(previewToken: string, as = key): Promise<Answer<T>> {
  const res = await fetch(`${siteUrl}${CONTENT_BASE}/preview/${previewToken}`, {
    headers: as ? { [CONTENT_KEY_HEADER]: as } : {},
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as { data?: T; message?: { msg: string } }) : {};
  return { status: res.status, headers: res.headers, data: body.data, msg: body.message?.msg };
}

const NOT_PREVIEWABLE = 'NotFound: This preview link is not valid or has expired';

/** Waits until the new key is live at the edge (the local CDN's key store follows the table's stream). */
async function untilKeyIsLive(ms = 5000) {
  const started = Date.now();
  while ((await preview('garbage')).status === 401) {
    if (Date.now() - started > ms) throw new Error('the content key never became live');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the preview link setting', () => {
  it.each([
    ['javascript:alert(1)//{slug}{token}', PREVIEW_URL_MESSAGES.scheme],
    ['news.example/preview/{slug}?token={token}', PREVIEW_URL_MESSAGES.scheme],
    ['http://news.example/preview/{slug}?token={token}', PREVIEW_URL_MESSAGES.scheme],
    ['https://user:pass@news.example/{slug}?token={token}', PREVIEW_URL_MESSAGES.scheme],
    ['https://news.example/preview/{slug}', PREVIEW_URL_MESSAGES.placeholders],
    ['https://news.example/preview?token={token}', PREVIEW_URL_MESSAGES.placeholders],
    ['https://{slug}.news.example/?token={token}', PREVIEW_URL_MESSAGES.inAddress],
    [`https://news.example/{slug}?token={token}&pad=${'x'.repeat(PREVIEW_LINK.urlMax)}`, 'At most 500 characters'],
  ])('refuses %s', async (previewUrl, message) => {
    const refused = await setPreviewUrl(previewUrl);
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toBe(`ValidationError: ${message}`);
  });

  it('takes an https template, a localhost one over http, and none; a PATCH without it keeps it', async () => {
    const local = await setPreviewUrl('http://localhost:3001/preview/{slug}?token={token}');
    expect(local.status).toBe(200);
    expect(local.body.data?.previewUrl).toBe('http://localhost:3001/preview/{slug}?token={token}');
    const site = await storedSite();
    const { previewUrl: _left, ...without } = siteBodyOf(site) as Record<string, unknown>;
    const kept = await call<{ previewUrl: string }>('PATCH', `/site-management/${site._id}`, { token, body: without });
    expect(kept.body.data?.previewUrl).toBe('http://localhost:3001/preview/{slug}?token={token}');
    expect((await setPreviewUrl(`  ${TEMPLATE}  `)).body.data?.previewUrl).toBe(TEMPLATE);
    expect((await setPreviewUrl('')).body.data?.previewUrl).toBe('');
  });
});

describe('POST /cms/{id}/preview-link', () => {
  it('answers nulls while the site sets no preview link', async () => {
    await setPreviewUrl('');
    const draft = await createArticle(token, articleFields(refs), 'draft');
    const link = await askLink(draft._id);
    expect(link.status).toBe(200);
    expect(link.body.data).toEqual({ url: null, expiresAt: null });
  });

  it('answers the site address with the slug and a token that lasts the set minutes', async () => {
    await setPreviewUrl(TEMPLATE);
    const draft = await createArticle(token, articleFields(refs), 'draft');
    const before = Date.now();
    const link = (await askLink(draft._id)).body.data as PreviewLink;
    expect(link.url).toMatch(
      new RegExp(
        `^https://news\\.example/preview/${encodeURIComponent(draft.slug)}\\?token=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$`,
      ),
    );
    const expires = Date.parse(link.expiresAt ?? '');
    expect(expires - before).toBeGreaterThan((PREVIEW_LINK.ttlSeconds - 5) * 1000);
    expect(expires - before).toBeLessThanOrEqual((PREVIEW_LINK.ttlSeconds + 1) * 1000);
    // A fresh token each time: a nonce in each.
    expect(tokenOf((await askLink(draft._id)).body.data as PreviewLink)).not.toBe(tokenOf(link));
  });

  it('is refused (403) to whoever may not open the article, and 404 for none', async () => {
    await setPreviewUrl(TEMPLATE);
    const draft = await createArticle(token, articleFields(refs), 'draft');
    const outsider = await actorWith({ Category: ['Read'] });
    expect((await askLink(draft._id, outsider.token)).status).toBe(403);
    const ownOnly = await actorWith({ Cms: ['EditOwn'] });
    expect((await askLink(draft._id, ownOnly.token)).status).toBe(403);
    const reader = await actorWith({ Cms: ['Read'] });
    expect((await askLink(draft._id, reader.token)).status).toBe(200);
    expect((await askLink('01J00000000000000000000000')).status).toBe(404);
    expect((await call('POST', `/cms/${draft._id}/preview-link`)).status).toBe(401);
  });
});

describe('GET /content/v1/preview/{token}', () => {
  beforeAll(async () => {
    await setPreviewUrl(TEMPLATE);
    await untilKeyIsLive();
  });

  const linkOf = async (article: Pick<ArticleDetail, '_id'>) =>
    tokenOf((await askLink(article._id)).body.data as PreviewLink);

  it('shows a live article’s saved, unpublished changes, never cached', async () => {
    const live = await createArticle(token, articleFields(refs), 'publish');
    const draftTitle = `Unpublished headline ${live._id}`;
    const draftSlug = `unpublished-${live._id.toLowerCase()}`;
    const changed = await saveArticle(token, live, { ...articleFields(refs), title: draftTitle, slug: draftSlug });
    expect(changed.status).toBe('Published');
    expect(changed.title).toBe(live.title);
    // The link names the page by the slug the changes will have.
    const link = (await askLink(live._id)).body.data as PreviewLink;
    expect(link.url).toContain(`/preview/${draftSlug}?token=`);

    const shown = await preview(await linkOf(live));
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({
      id: live._id,
      title: draftTitle,
      slug: draftSlug,
      preview: { status: 'Published', pendingChanges: true },
    });
    expect(shown.data?.html).toContain('<p>Text.</p>');
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(shown.headers.get('etag')).toBeNull();
    expect(shown.headers.get('x-cache')).toMatch(/^Miss/);
    // The CDN kept nothing: the same token asks the Lambda again.
    const again = await preview(await linkOf(live));
    expect(again.headers.get('x-cache')).toMatch(/^Miss/);
    // The published copy (made from the table's stream, so polled) shows the live title, never the changes.
    const publishedTitle = async () => {
      const published = await fetch(`${siteUrl}${CONTENT_BASE}/articles/id/${live._id}`, {
        headers: { [CONTENT_KEY_HEADER]: key },
      });
      return ((await published.json()) as { data?: { title: string } }).data?.title;
    };
    await expect.poll(publishedTitle, { timeout: 5000 }).toBe(live.title);
  });

  it('shows the author a live article’s changes move it to', async () => {
    const live = await createArticle(token, articleFields(refs), 'publish');
    const other = await createUser({ name: `Other Author ${live._id}` });
    await saveArticle(token, live, { ...articleFields(refs), user: other._id });
    const shown = await preview(await linkOf(live));
    expect(shown.data?.author.name).toBe(other.name);
    expect(shown.data?.preview.pendingChanges).toBe(true);
  });

  it('shows a Draft article as saved', async () => {
    const draft = await createArticle(token, articleFields(refs, { title: `Not yet out ${Date.now()}` }), 'draft');
    expect(draft.status).toBe('Draft');
    const shown = await preview(await linkOf(draft));
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({
      id: draft._id,
      title: draft.title,
      slug: draft.slug,
      preview: { status: 'Draft', pendingChanges: false },
    });
  });

  it('answers one 404 for an expired, foreign, tampered or garbled token, and for an article gone', async () => {
    const draft = await createArticle(token, articleFields(refs), 'draft');
    const secret = process.env.PREVIEW_SECRET as string;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const good = await linkOf(draft);
    expect((await preview(good)).status).toBe(200);
    const [payload = '', mac = ''] = good.split('.');

    const expired = (await signPreviewToken(draft._id, -1, secret)).token;
    const otherSecret = (await signPreviewToken(draft._id, 600, 'another-secret-of-at-least-32-characters')).token;
    const nowhere = (await signPreviewToken('01J00000000000000000000000', 600, secret)).token;
    const otherPayload = (await signPreviewToken(refs.categories[0] ?? '', 600, secret)).token.split('.')[0];
    const flipped = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const refused = [
      expired,
      otherSecret,
      nowhere,
      `${otherPayload}.${mac}`,
      `${flipped(payload, 5)}.${mac}`,
      `${payload}.${flipped(mac, 10)}`,
      `${payload}.${mac}x`,
      `${payload}=.${mac}`,
      'garbage',
      `${'a'.repeat(400)}.${mac}`,
      encodeURIComponent(`${payload}.${mac}"<script>`),
    ];
    for (const bad of refused) {
      const answer = await preview(bad);
      expect(answer.status, bad).toBe(404);
      expect(answer.msg, bad).toBe(NOT_PREVIEWABLE);
      expect(answer.headers.get('cache-control'), bad).toBe('private, no-store');
    }

    // A token names its one article: another article's token shows that one, never this.
    const other = await createArticle(token, articleFields(refs), 'draft');
    expect((await preview(await linkOf(other))).data?.id).toBe(other._id);

    await moveToTrash('/cms', draft._id, token);
    const gone = await preview(good);
    expect(gone.status).toBe(404);
    expect(gone.msg).toBe(NOT_PREVIEWABLE);
  });

  it('needs a content key (401)', async () => {
    const draft = await createArticle(token, articleFields(refs), 'draft');
    const previewToken = await linkOf(draft);
    expect((await preview(previewToken, '')).status).toBe(401);
    expect((await preview(previewToken, 'apk_nope')).status).toBe(401);
  });
});
