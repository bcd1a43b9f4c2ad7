import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutKey } from '../../functions/home-layout/model';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { publishDue } from '../../functions/publisher/handler';
import { STALE_VERSION_MESSAGE } from '../../shared/constants';
import { PERMISSION_DENIED_MESSAGE } from '../../shared/permissions';
import {
  type ArticleCreateBody,
  type ArticleOverrides,
  actorWith,
  articleFields,
  createArticle,
  createCategory,
  paragraph,
  postArticle,
  sections,
} from './factories';
import { type ApiResult, call, editorCall, errorText, inHours, rootSession, uploadFile } from './helpers';

interface Article {
  _id: string;
  type: string;
  status: string;
  title: string;
  slug: string;
  user: string;
  authorName: string;
  categories: string[];
  publishDate: string | null;
  image: string | null;
  media: Record<string, { url: string }>;
  version: number;
  views: number;
  updatedBy: { _id: string; name: string } | null;
  body: unknown[];
  seo: { metaTags: { content: string }[] };
}
interface Row {
  _id: string;
  title: string;
  status: string;
  type: string;
  user: { _id: string; name: string } | null;
  categories: { _id: string; name: string }[];
}
interface Entry {
  action: string;
  from: string | null;
  to: string;
  by: { _id: string } | null;
  changed: string[];
}

let token: string;
let adminId: string;
let categoryId: string;
let otherCategoryId: string;

/**
 * A valid Article (CONTRACT.md §5: title, categories, user, section content and publish date). `extra` is loose:
 * the validation tests below send what the schema refuses.
 */
const article = (extra: Record<string, unknown> = {}) =>
  articleFields({ categories: [categoryId], user: adminId }, {
    title: `Council approves budget ${newId()}`,
    body: sections('The council met on Tuesday.'),
    ...extra,
  } as ArticleOverrides);

const video = (extra: Record<string, unknown> = {}) => ({
  type: 'Video',
  title: `Storm footage ${newId()}`,
  categories: [categoryId],
  user: adminId,
  description: 'The storm as it hit the coast',
  seo: { title: 'Storm footage', description: 'Video of the storm' },
  publishDate: inHours(-1),
  videos: [{ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', description: 'From the pier' }],
  ...extra,
});

const patch = (a: Pick<Article, '_id' | 'version'>, body: Record<string, unknown>, as = token) =>
  editorCall<Article>('PATCH', `/cms/${a._id}`, { token: as, body: { version: a.version, ...body } });
const detail = async (id: string) => (await call<Article>('GET', `/cms/detail/${id}`, { token })).body.data as Article;
const history = async (id: string) =>
  ((await call<{ list: Entry[] }>('GET', `/cms/history/${id}`, { token })).body.data?.list ?? []) as Entry[];
const list = async (query: string, as = token) =>
  (await call<{ list: Row[]; total: number }>('GET', `/cms?${query}`, { token: as })).body.data as {
    list: Row[];
    total: number;
  };
const notifications = async () =>
  ((await call<{ count: number }>('GET', '/cms/notification', { token })).body.data?.count ?? -1) as number;

beforeAll(async () => {
  ({ token, id: adminId } = await rootSession());
  categoryId = (await createCategory(token, { name: `Politics ${newId()}` }))._id;
  otherCategoryId = (await createCategory(token, { name: `Sport ${newId()}` }))._id;
});

describe('creating and saving articles', () => {
  it('saves a new article as Draft with its history, its slug and the author and category names', async () => {
    const a = await createArticle(token, article({ title: 'Élection: the results are in' }));
    expect(a).toMatchObject({ status: 'Draft', type: 'Article', version: 1, user: adminId, views: 0 });
    expect(a.slug).toMatch(/^election-the-results-are-in/);
    const rows = await list('status=Draft&limit=100');
    const row = rows.list.find((r) => r._id === a._id);
    expect(row?.user?._id).toBe(adminId);
    expect(row?.categories[0]?._id).toBe(categoryId);
    expect(await history(a._id)).toEqual([expect.objectContaining({ action: 'create', from: null, to: 'Draft' })]);
  });

  it('gives a second article with the same title its own URL', async () => {
    const title = `Same title ${newId()}`;
    const first = await createArticle(token, article({ title }));
    const second = await createArticle(token, article({ title }));
    expect(second.slug).not.toBe(first.slug);
    expect(second.slug.startsWith(first.slug)).toBe(true);
  });

  it('publishes at once when the publish date has passed and schedules it when it is to come', async () => {
    expect((await createArticle(token, article(), 'publish')).status).toBe('Published');
    expect((await createArticle(token, article({ publishDate: inHours(2) }), 'publish')).status).toBe('Scheduled');
  });

  it('keeps no publish date on a draft saved without one, and dates it the moment it goes live', async () => {
    // null is the editor's "Publish immediately": a draft begun now and published later is dated then.
    const a = await createArticle(token, article({ publishDate: null }));
    expect(a).toMatchObject({ status: 'Draft', publishDate: null });
    const before = Date.now();
    const published = (await patch(a, { ...article({ publishDate: null }), action: 'publish' })).body.data as Article;
    expect(published.status).toBe('Published');
    expect(Date.parse(published.publishDate ?? '')).toBeGreaterThanOrEqual(before - 1000);

    const v = await createArticle(token, video({ publishDate: null }) as ArticleCreateBody);
    expect(v.publishDate).toBeNull();
    const saved = (await patch(v, { ...video({ publishDate: null }), action: 'save' })).body.data as Article;
    expect(saved.status).toBe('Published');
    expect(Date.parse(saved.publishDate ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records which fields a save changed, and refuses a stale version with 409 leaving the article unchanged', async () => {
    const a = await createArticle(token, article());
    const saved = await patch(a, { ...article(), title: 'A better headline', action: 'save' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: 'A better headline', version: 2, updatedBy: { _id: adminId } });
    const [latest] = await history(a._id);
    expect(latest).toMatchObject({ action: 'save', from: 'Draft', to: 'Draft' });
    expect(latest?.changed).toContain('title');
    expect(latest?.changed).not.toContain('body');

    const stale = await patch(a, { ...article(), title: 'Lost update', action: 'save' });
    expect(stale.status).toBe(409);
    expect(errorText(stale)).toBe(`Conflict: ${STALE_VERSION_MESSAGE}`);
    expect((await detail(a._id)).title).toBe('A better headline');
  });

  it('ignores forged fields (views, status, createdBy, version bumps in the body)', async () => {
    const a = await createArticle(
      token,
      article({ views: 999, status: 'Published', createdBy: 'someone', authorName: 'Forged' }),
    );
    const me = (await call<{ name: string }>('GET', '/user/me', { token })).body.data;
    expect(a).toMatchObject({ views: 0, status: 'Draft', authorName: me?.name });
  });
});

describe('validation (CONTRACT.md §5) — every bad input is a 400 that writes nothing', () => {
  // Bodies are built when a test runs, after beforeAll has made the category and read the admin's id.
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['no title', () => article({ title: '  ' }), 'Title is required'],
    ['no category', () => article({ categories: [] }), 'Select at least one category'],
    ['no author', () => article({ user: undefined }), 'Author is required'],
    ['no publish date', () => article({ publishDate: undefined }), 'Publish date is required'],
    [
      'an empty section',
      () => article({ body: [{ title: 'x', body: paragraph('  ') }] }),
      'Section content is required',
    ],
    [
      'keywords over 500 characters',
      () => article({ seo: { metaTags: [{ content: 'k'.repeat(501) }] } }),
      '500 character limit',
    ],
    [
      'a block type we do not render',
      () => article({ body: [{ body: { blocks: [{ type: 'raw', data: {} }] } }] }),
      'not supported',
    ],
    [
      'a javascript: image in the text',
      () =>
        article({ body: [{ body: { blocks: [{ type: 'image', data: { file: { url: 'javascript:alert(1)' } } }] } }] }),
      'uploaded file or an https link',
    ],
    ['a video without SEO', () => video({ seo: { title: '', description: 'x' } }), 'SEO title is required'],
    ['a video link that is not a URL', () => video({ videos: [{ url: 'not a link' }] }), 'valid URL'],
    ['a video without videos', () => video({ videos: [] }), 'Add at least one video'],
    [
      'a gallery without a cover',
      () => ({ ...video({ type: 'Gallery', videos: undefined }), gallery: [{ url: 'https://x.test/a.png' }] }),
      'Cover image is required',
    ],
    ['an unknown type', () => article({ type: 'Podcast' }), 'Choose the kind of article'],
    ...['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', '//evil.example'].flatMap(
      (link): [string, () => Record<string, unknown>, string][] => [
        [`a canonical URL ${link}`, () => article({ canonicalUrl: link }), 'valid URL'],
        [`a video link ${link}`, () => video({ videos: [{ url: link }] }), 'valid URL'],
        [
          `a gallery link ${link}`,
          () => ({ ...video({ type: 'Gallery', videos: undefined, image: newId() }), gallery: [{ url: link }] }),
          'valid URL',
        ],
      ],
    ),
  ];
  it.each(cases)('refuses %s', async (_name, body, message) => {
    const before = await list('limit=1');
    const res = await postArticle(token, body() as ArticleCreateBody);
    expect(res.status).toBe(400);
    expect(errorText(res)).toContain(message);
    expect((await list('limit=1')).total).toBe(before.total);
  });

  it('refuses a category that does not exist and a file that is not a verified upload of the right kind', async () => {
    expect(errorText(await postArticle(token, article({ categories: [newId()] })))).toContain(
      'A category does not exist',
    );
    expect(errorText(await postArticle(token, article({ image: newId() })))).toContain('missing or not verified');
    const pdfCover = await uploadFile(token, 'import-document', {
      name: 'a.pdf',
      contentType: 'application/pdf',
      bytes: await pdfBytes(['Hello']),
    });
    expect(errorText(await postArticle(token, article({ image: pdfCover })))).toContain('another use');
  });

  it('accepts a verified cover and returns its URL with the article', async () => {
    const cover = await uploadFile(token, 'cover-image');
    const a = await createArticle(token, article({ image: cover, imageAlt: 'A harbour at dawn' }));
    expect(a.media[cover]?.url).toMatch(/^\/media\//);
  });

  it('refuses content over the size limit with 413', async () => {
    // Each paragraph within its own limit (MAX_INLINE_HTML_LENGTH), together over the article's.
    const big = { blocks: Array.from({ length: 10 }, () => paragraph('x'.repeat(19_000)).blocks[0]) };
    const res = await postArticle(token, article({ body: [{ body: big }, { body: big }] }));
    expect(res.status).toBe(413);
  });
});

describe('the workflow on the server (CONTRACT.md §4)', () => {
  it('makes a contributor’s Publish a request for review that an editor approves and publishes', async () => {
    const contributor = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    const editor = await actorWith({ Cms: ['Read', 'Edit'] });
    const before = await notifications();

    const a = await createArticle(contributor.token, article({ user: contributor.user._id }), 'publish');
    expect(a.status).toBe('Need Review');
    expect(await notifications()).toBe(before + 1);

    const approveOwn = await patch(a, { action: 'approve' }, contributor.token);
    expect(approveOwn.status).toBe(400);
    expect(errorText(approveOwn)).toContain('an editor can');

    const approved = await patch(a, { action: 'approve' }, editor.token);
    expect(approved.body.data?.status).toBe('Approved');
    expect(await notifications()).toBe(before);

    const published = await patch(approved.body.data as Article, { action: 'publish' }, editor.token);
    expect(published.body.data?.status).toBe('Published');
    expect((await history(a._id)).map((e) => `${e.action}:${e.to}`)).toEqual([
      'publish:Published',
      'approve:Approved',
      'create:Need Review',
    ]);

    // Once live, the contributor can no longer change it (an editor owns a published article).
    const late = await patch(published.body.data as Article, { ...article(), action: 'save' }, contributor.token);
    expect(late.status).toBe(403);
    expect(errorText(late)).toBe('Forbidden: Only an editor can change a published or scheduled article');
  });

  it('lets an editor reject from Need Review, and refuses moves the table does not list', async () => {
    const contributor = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    const a = await createArticle(contributor.token, article({ user: contributor.user._id }), 'publish');
    expect((await patch(a, { action: 'reject', note: 'Cut the quote' })).body.data?.status).toBe('Rejected');
    const draft = await createArticle(token, article());
    const approveDraft = await patch(draft, { action: 'approve' });
    expect(approveDraft.status).toBe(400);
    expect(errorText(approveDraft)).toContain('You cannot approve an article that is Draft');
    expect((await patch(draft, { action: 'retract' })).status).toBe(400);
    expect((await patch(draft, { action: 'fly' })).status).toBe(400);
  });

  it('keeps Edit:own users to their own articles and their own name', async () => {
    const own = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    const someoneElses = await createArticle(token, article());
    const res = await patch(someoneElses, { ...article(), action: 'save' }, own.token);
    expect(res.status).toBe(403);
    expect(errorText(res)).toBe(`Forbidden: ${PERMISSION_DENIED_MESSAGE}`);
    expect((await detail(someoneElses._id)).version).toBe(someoneElses.version);

    const otherAuthor = await postArticle(own.token, article({ user: adminId }));
    expect(otherAuthor.status).toBe(403);
    expect(errorText(otherAuthor)).toContain('under your own name');

    // Without Read, Edit:own still opens (and shows the history of) one's own articles, not others'.
    const ownOnly = await actorWith({ Cms: ['Write', 'EditOwn'] });
    const theirs = await createArticle(ownOnly.token, article({ user: ownOnly.user._id }));
    expect((await call('GET', `/cms/detail/${theirs._id}`, { token: ownOnly.token })).status).toBe(200);
    expect((await call('GET', `/cms/history/${theirs._id}`, { token: ownOnly.token })).status).toBe(200);
    expect((await call('GET', `/cms/detail/${someoneElses._id}`, { token: ownOnly.token })).status).toBe(403);
    expect((await call('GET', `/cms/history/${someoneElses._id}`, { token: ownOnly.token })).status).toBe(403);

    const mine = await createArticle(own.token, article({ user: own.user._id }));
    const takeOver = await patch(mine, { ...article({ user: adminId }), action: 'save' }, own.token);
    expect(takeOver.status).toBe(403);
    expect((await patch(mine, { ...article({ user: own.user._id }), action: 'save' }, own.token)).status).toBe(200);
  });

  it('refuses writers without the right permission at the route', async () => {
    const reader = await actorWith({ Cms: ['Read'] });
    expect((await postArticle(reader.token, article())).status).toBe(403);
    const a = await createArticle(token, article());
    expect((await patch(a, { action: 'publish' }, reader.token)).status).toBe(403);
    const outsider = await actorWith({ User: ['Read'] });
    expect((await call('GET', '/cms', { token: outsider.token })).status).toBe(403);
    expect((await call('GET', `/cms/detail/${a._id}`, { token: outsider.token })).status).toBe(403);
    expect((await call('GET', `/cms/detail/${newId()}`, { token })).status).toBe(404);
  });

  it('runs the media editors’ rules: create Save is Draft, edit Save publishes, Retract takes it down', async () => {
    const v = await createArticle(token, video() as ArticleCreateBody);
    expect(v.status).toBe('Draft');
    const saved = (await patch(v, { ...video(), action: 'save' })).body.data as Article;
    expect(saved.status).toBe('Published');
    const retracted = await patch(saved, { action: 'retract' });
    expect(retracted.body.data?.status).toBe('Retract');
  });

  it('takes a retracted article out of every home-page slot', async () => {
    const v = await createArticle(token, video() as ArticleCreateBody, 'publish');
    const keep = await createArticle(token, video() as ArticleCreateBody, 'publish');
    const home = (await call<{ _id: string; version: number }>('GET', '/layout/home', { token })).body.data;
    const section = {
      type: 'Video',
      articles: [v._id, keep._id],
      name: 'Videos',
      template: 'template-1',
      color: '#000000',
    };
    const placed = await call('PATCH', `/layout/${home?._id}`, {
      token,
      body: {
        version: home?.version,
        body: { headlines: [keep._id, v._id], topStory: [v._id], coverStory: v._id, sections: [section] },
      },
    });
    expect(placed.status).toBe(200);

    expect((await patch(v, { action: 'retract' })).status).toBe(200);
    const layout = (await db().send(new GetCommand({ TableName: tableName(), Key: layoutKey('home') }))).Item;
    expect(layout?.body).toEqual({
      headlines: [keep._id],
      topStory: [],
      coverStory: null,
      sections: [{ ...section, category: null, articles: [keep._id] }],
    });
    expect(layout?.version).toBe((home?.version ?? 0) + 2);
  });

  it('creates a Page without categories or an author field, written by whoever saves it', async () => {
    const p = await createArticle(
      token,
      {
        type: 'Page',
        title: `About us ${newId()}`,
        body: [{ title: 'Who we are', body: paragraph('A newsroom.') }],
      } as ArticleCreateBody,
      'publish',
    );
    expect(p).toMatchObject({ type: 'Page', status: 'Published', user: adminId, categories: [] });
    expect(p.publishDate).not.toBeNull();
  });
});

describe('the list (GET /cms)', () => {
  it('lists tabs with totals from counters and filters by title, type, category and date with exact totals', async () => {
    const tag = newId().slice(-8).toLowerCase();
    await createArticle(token, article({ title: `Harbour ${tag} opens` }));
    await createArticle(token, article({ title: `HARBOUR ${tag} closes`, categories: [otherCategoryId] }), 'publish');
    await createArticle(token, video({ title: `Harbour ${tag} video` }) as ArticleCreateBody);
    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(3);

    const bySearch = await list(`search=harbour%20${tag}`);
    expect(bySearch.total).toBe(3);
    expect(bySearch.list.map((r) => r.title).every((t) => t.toLowerCase().includes(tag))).toBe(true);
    expect((await list(`search=harbour%20${tag}&type=Video`)).total).toBe(1);
    expect((await list(`search=harbour%20${tag}&categories=${otherCategoryId}`)).total).toBe(1);
    expect((await list(`search=harbour%20${tag}&status=Publish`)).total).toBe(1);
    expect((await list(`search=harbour%20${tag}&limit=2&page=2`)).list).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`search=harbour%20${tag}&date=${today}`)).total).toBe(3);
    expect((await list(`search=harbour%20${tag}&date=2001-01-01`)).total).toBe(0);
    expect((await list(`search=harbour%20${tag}&from=${inHours(1)}&to=${inHours(2)}`)).total).toBe(0);
  });

  it('counts Draft and Published tabs exactly', async () => {
    const drafts = (await list('status=Draft')).total;
    const published = (await list('status=Publish')).total;
    await createArticle(token, article());
    await createArticle(token, article(), 'publish');
    expect((await list('status=Draft')).total).toBe(drafts + 1);
    expect((await list('status=Publish')).total).toBe(published + 1);
  });

  it('refuses junk in the query', async () => {
    const bad = async (q: string) => (await call('GET', `/cms?${q}`, { token })).status;
    expect(await bad('status=Nope')).toBe(400);
    expect(await bad('type=Podcast')).toBe(400);
    expect(await bad('date=21-11-2026')).toBe(400);
    expect(await bad('categories=../../etc')).toBe(400);
    expect(await bad('page=0')).toBe(400);
  });
});

describe('the publisher', () => {
  it('publishes due Scheduled articles once, even when two runs overlap, and never early', async () => {
    const due = await Promise.all(
      [1, 2, 3].map(() => createArticle(token, article({ publishDate: inHours(1) }), 'publish')),
    );
    const later = await createArticle(token, article({ publishDate: inHours(5) }), 'publish');
    expect(due.every((a) => a.status === 'Scheduled')).toBe(true);
    const scheduledBefore = (await list('status=Scheduled')).total;

    const clock = inHours(2);
    const [one, two] = await Promise.all([publishDue(clock), publishDue(clock)]);
    // Every due article is published by exactly one run; the other found it gone or changed.
    for (const a of due) {
      expect((await detail(a._id)).status).toBe('Published');
      expect((await history(a._id)).filter((e) => e.action === 'publisher')).toHaveLength(1);
    }
    expect(one.published + two.published).toBeGreaterThanOrEqual(3);
    expect((await detail(later._id)).status).toBe('Scheduled');
    expect((await list('status=Scheduled')).total).toBe(scheduledBefore - (one.published + two.published));
    expect((await publishDue(clock)).published).toBe(0);
  });

  it('leaves an article an editor took down before its time (the newer version wins)', async () => {
    const a = await createArticle(token, article({ publishDate: inHours(1) }), 'publish');
    await patch(a, { action: 'retract' });
    await publishDue(inHours(2));
    expect((await detail(a._id)).status).toBe('Retract');
  });

  it("publishes a Scheduled article's live version and keeps its unpublished changes for later", async () => {
    const a = await createArticle(token, article({ publishDate: inHours(1) }), 'publish');
    const changes = article({ title: `Changed before the time ${a._id}`, publishDate: inHours(1), action: 'save' });
    const saved = (await patch(a, changes)).body.data as Article & { draft: { fields: { title: string } } | null };
    expect(saved.status).toBe('Scheduled');
    expect(saved.draft?.fields.title).toBe(changes.title);
    await publishDue(inHours(2));
    const published = (await detail(a._id)) as Article & { draft: { fields: { title: string } } | null };
    expect(published).toMatchObject({ status: 'Published', title: a.title });
    expect(published.draft?.fields.title).toBe(changes.title);
    // The publisher stamped it with its clock, two hours ahead: taken down now, it no longer tops "recently updated".
    expect((await patch(published, { action: 'retract' })).status).toBe(200);
  });
});

async function pdfBytes(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage();
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 700 - i * 20, font, size: 12 });
  });
  return Buffer.from(await doc.save());
}

describe('PDF import (POST /cms/getHtml/)', () => {
  const importPdf = (asset: string, as = token): Promise<ApiResult<{ text: string; paragraphs: string[] }>> =>
    call('POST', '/cms/getHtml/', { token: as, body: { asset } });

  it('returns the text of an uploaded PDF by paragraph', async () => {
    const bytes = await pdfBytes(['City council meets.', 'The budget passed', 'after a long debate.']);
    const asset = await uploadFile(token, 'import-document', {
      name: 'story.pdf',
      contentType: 'application/pdf',
      bytes,
    });
    const res = await importPdf(asset);
    expect(res.status).toBe(200);
    expect(res.body.data?.paragraphs).toEqual(['City council meets.', 'The budget passed after a long debate.']);
  });

  it('refuses another user’s upload, a file that is not an import PDF, and an unknown id', async () => {
    const bytes = await pdfBytes(['Private']);
    const asset = await uploadFile(token, 'import-document', { name: 'a.pdf', contentType: 'application/pdf', bytes });
    const writer = await actorWith({ Cms: ['Write'] });
    expect((await importPdf(asset, writer.token)).status).toBe(403);
    expect((await importPdf(await uploadFile(token, 'cover-image'))).status).toBe(400);
    expect((await importPdf(newId())).status).toBe(400);
    expect((await call('POST', '/cms/getHtml/', { token, body: { asset: 'x' } })).status).toBe(400);
  });
});
