/**
 * Rich text is cleaned on the server: on every write (create, save), on every read, and once for what is
 * already stored (`npm run migrate:sanitize`); blocks are strict per Editor.js tool.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { articleContentKey, articleKey } from '../../functions/article/model';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { migrateSanitize } from '../../infra/aws/migrate-sanitize';
import { MAX_INLINE_HTML_LENGTH } from '../../shared/constants';
import { ARTICLE_MESSAGES, MAX_CONTENT_BYTES } from '../../shared/schemas/article';
import { INLINE_HTML_TOO_LONG } from '../../shared/schemas/article-body';
import { plantRawSections } from '../fixtures/article-content';
import { direct } from './direct';
import {
  type ArticleOverrides,
  actorWith,
  articleFields,
  createArticle,
  createCategory,
  postArticle,
} from './factories';
import { admin, call, editorCall, errorText, login } from './helpers';

interface Article {
  _id: string;
  version: number;
  body: { title?: string; body: { blocks: { type: string; data: Record<string, unknown> }[] } }[];
}

const XSS = 'Hi <img src=x onerror="window.__stolen=localStorage.getItem(\'token\')">';
const LINK_XSS = '<a href="javascript:alert(document.cookie)">click</a>';
const PAYLOAD = `${XSS} ${LINK_XSS}`;
/** What none of the stored or returned text may contain. */
const DANGEROUS = /onerror|<img|javascript:/i;

let contributor: { user: { _id: string }; token: string };
let categoryId: string;

/** The payload in every field of every block type that may carry HTML, lists nested three deep. */
const blocksWithPayload = () => [
  { type: 'paragraph', data: { text: PAYLOAD } },
  { type: 'header', data: { text: PAYLOAD, level: 2 } },
  {
    type: 'list',
    data: {
      style: 'ordered',
      meta: {},
      items: [
        {
          content: PAYLOAD,
          meta: {},
          items: [{ content: PAYLOAD, meta: {}, items: [{ content: PAYLOAD, meta: {}, items: [] }] }],
        },
      ],
    },
  },
  { type: 'list', data: { style: 'unordered', items: [PAYLOAD] } },
  { type: 'quote', data: { text: PAYLOAD, caption: PAYLOAD, alignment: 'left' } },
  { type: 'image', data: { file: { url: '/media/uploads/photo.png' }, caption: PAYLOAD, withBorder: false } },
  { type: 'delimiter', data: {} },
];

/** The contributor's Article holding `blocks` in one titled section: what the tests below send as it is. */
const article = (blocks: unknown[] = blocksWithPayload(), extra: Record<string, unknown> = {}) =>
  articleFields({ categories: [categoryId], user: contributor.user._id }, {
    action: 'save',
    title: `Rich text ${newId()}`,
    publishDate: new Date().toISOString(),
    body: [{ title: 'Part <b>one</b>', body: { blocks } }],
    ...extra,
  } as ArticleOverrides);

const detail = (id: string) => call<Article>('GET', `/cms/detail/${id}`, { token: contributor.token });
const storedContent = async (id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: articleContentKey(id), ConsistentRead: true })))
    .Item as Record<string, unknown> & { body: Article['body'] };
const storedVersion = async (id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: articleKey(id), ConsistentRead: true }))).Item
    ?.version as number;
const titled = async (title: string) =>
  (await call<{ total: number }>('GET', `/cms?search=${encodeURIComponent(title)}`, { token: contributor.token })).body
    .data?.total;

beforeAll(async () => {
  const token = await login(admin.email, admin.password);
  categoryId = (await createCategory(token, { name: `Rich text ${newId()}` }))._id;
  contributor = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
});

describe('writes', () => {
  it('cleans a contributor’s payload in every block type before storing it (POST /cms/create)', async () => {
    const res = await postArticle(contributor.token, article());
    expect(res.status).toBe(201);
    const id = (res.body.data as Article)._id;

    const returned = JSON.stringify(res.body.data?.body);
    const read = JSON.stringify((await detail(id)).body.data?.body);
    const stored = JSON.stringify((await storedContent(id)).body);
    for (const text of [returned, read, stored]) expect(text).not.toMatch(DANGEROUS);

    const [paragraph, header, nested, flat, quote, image] = (await storedContent(id)).body[0]?.body.blocks ?? [];
    expect(paragraph?.data.text).toBe('Hi  <a target="_blank" rel="noopener noreferrer">click</a>');
    expect(header?.data).toEqual({ text: paragraph?.data.text, level: 2 });
    type Item = { content: string; items: Item[] };
    const level1 = ((nested?.data.items ?? []) as Item[])[0];
    expect([level1?.content, level1?.items[0]?.content, level1?.items[0]?.items[0]?.content]).toEqual(
      Array(3).fill(paragraph?.data.text),
    );
    expect(flat?.data.items).toEqual([paragraph?.data.text]);
    expect(quote?.data).toEqual({ text: paragraph?.data.text, caption: paragraph?.data.text, alignment: 'left' });
    expect(image?.data).toEqual({
      file: { url: '/media/uploads/photo.png' },
      caption: paragraph?.data.text,
      withBorder: false,
    });
    // A sub-headline is plain text: stored as typed, shown as text.
    expect((await storedContent(id)).body[0]?.title).toBe('Part <b>one</b>');
  });

  it.each([
    [
      'an unknown block type',
      [{ type: 'raw', data: { html: '<script>alert(1)</script>' } }],
      'This kind of content block is not supported',
    ],
    [
      'an unknown field in a known block',
      [{ type: 'paragraph', data: { text: 'x', html: '<img src=x onerror=alert(1)>' } }],
      'Unknown field "html" in a paragraph block',
    ],
    [
      'an unknown field in a nested list item',
      [{ type: 'list', data: { style: 'unordered', items: [{ content: 'a', items: [{ content: 'b', on: 1 }] }] } }],
      'Unknown field "on" in a list item',
    ],
    [
      'an image with a javascript: url',
      [{ type: 'image', data: { file: { url: 'javascript:alert(1)' }, caption: 'x' } }],
      'An image in the text must be an uploaded file or an https link',
    ],
  ])('refuses %s with 400 and writes nothing', async (_name, blocks, message) => {
    const body = article(blocks);
    const res = await postArticle(contributor.token, body);
    expect(res.status).toBe(400);
    expect(errorText(res)).toBe(`ValidationError: ${message}`);
    expect(await titled(body.title)).toBe(0);
  });

  it('cleans a save (PATCH /cms/{id} with content)', async () => {
    const a = await createArticle(
      contributor.token,
      article([{ type: 'paragraph', data: { text: 'Clean at first' } }]),
    );
    const res = await editorCall<Article>('PATCH', `/cms/${a._id}`, {
      token: contributor.token,
      body: { ...article(), version: a.version },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.data?.body)).not.toMatch(DANGEROUS);
    const stored = await storedContent(a._id);
    expect(JSON.stringify(stored.body)).not.toMatch(DANGEROUS);
    expect(stored.body[0]?.body.blocks[0]?.data.text).toBe(
      'Hi  <a target="_blank" rel="noopener noreferrer">click</a>',
    );
  });
});

describe('reads', () => {
  it('returns an article stored unclean (saved before writes were cleaned) clean', async () => {
    const a = await createArticle(contributor.token, article([{ type: 'paragraph', data: { text: 'Clean' } }]));
    await plantRawSections(a._id, [
      {
        title: 'Old',
        body: {
          blocks: [
            { type: 'paragraph', data: { text: PAYLOAD, extra: '<img src=x onerror=alert(1)>' } },
            { type: 'raw', data: { html: '<img src=x onerror=alert(1)>' } },
            { type: 'image', data: { file: { url: 'javascript:alert(1)' } } },
          ],
        },
      },
    ]);
    expect(JSON.stringify((await storedContent(a._id)).body)).toMatch(DANGEROUS);

    const res = await detail(a._id);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.data?.body)).not.toMatch(DANGEROUS);
    expect(res.body.data?.body[0]?.body.blocks).toEqual([
      { type: 'paragraph', data: { text: 'Hi  <a target="_blank" rel="noopener noreferrer">click</a>' } },
    ]);
    // A status-only action returns the stored content too: cleaned as well.
    const listAction = await editorCall<Article>('PATCH', `/cms/${a._id}`, {
      token: contributor.token,
      body: { version: a.version, action: 'publish' },
    });
    expect(listAction.status).toBe(200);
    expect(JSON.stringify(listAction.body.data?.body)).not.toMatch(DANGEROUS);
  });
});

describe('npm run migrate:sanitize', () => {
  it('rewrites only unclean articles, cleaned, without a new version', async () => {
    const raw = await createArticle(contributor.token, article([{ type: 'paragraph', data: { text: 'Soon raw' } }]));
    const clean = await createArticle(
      contributor.token,
      article([{ type: 'paragraph', data: { text: 'Already <b>clean</b>' } }]),
    );
    const rawSections = [{ title: 'Old', body: { blocks: blocksWithPayload() } }];
    await plantRawSections(raw._id, rawSections);
    const cleanBefore = await storedContent(clean._id);

    const dry = await migrateSanitize({ dryRun: true });
    expect(JSON.stringify((await storedContent(raw._id)).body)).toMatch(DANGEROUS);
    expect(dry.changed).toBeGreaterThanOrEqual(1);

    const report = await migrateSanitize({ pageSize: 7 });
    expect(report.checked).toBeGreaterThanOrEqual(2);
    expect(report.changed).toBeGreaterThanOrEqual(1);
    expect(report.skipped).toEqual([]);

    const stored = await storedContent(raw._id);
    expect(JSON.stringify(stored.body)).not.toMatch(DANGEROUS);
    expect(stored.body[0]?.title).toBe('Old');
    expect(stored.body[0]?.body.blocks).toHaveLength(blocksWithPayload().length);
    expect(await storedVersion(raw._id)).toBe(raw.version);
    expect(await storedContent(clean._id)).toEqual(cleanBefore);

    // Nothing left to do.
    expect((await migrateSanitize()).changed).toBe(0);
  });

  it('skips an article saved while it runs, keeping that save', async () => {
    const a = await createArticle(contributor.token, article([{ type: 'paragraph', data: { text: 'Soon raw' } }]));
    await plantRawSections(a._id, [{ title: '', body: { blocks: [{ type: 'paragraph', data: { text: XSS } }] } }]);
    const client = db();
    const send = client.send.bind(client);
    // Just before the migration writes this article, an editor saves it.
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof TransactWriteCommand && JSON.stringify(command.input).includes(a._id)) {
        spy.mockRestore();
        const saved = await editorCall('PATCH', `/cms/${a._id}`, {
          token: contributor.token,
          body: { ...article([{ type: 'paragraph', data: { text: 'The editor’s words' } }]), version: a.version },
        });
        expect(saved.status).toBe(200);
      }
      return send(command as never);
    }) as never);

    const report = await migrateSanitize();
    spy.mockRestore();
    expect(report.skipped).toContain(a._id);
    expect((await storedContent(a._id)).body[0]?.body.blocks).toEqual([
      { type: 'paragraph', data: { text: 'The editor’s words' } },
    ]);
  });
});

describe('bounded work per write (POST /cms/create, a save, an autosave)', () => {
  /** The bar: the handler time of one write at the body limit, whatever markup it carries. */
  const BAR_MS = 250;
  const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

  /** A field at its limit: a word a reader sees (a section needs one), then `unit` over and over. */
  const field = (unit: string, length = MAX_INLINE_HTML_LENGTH) => `Text ${fill(unit, length - 5)}`;
  /** Markup that made cleaning slow, or that is the slowest to clean now. */
  const PATHOLOGICAL: [name: string, field: string][] = [
    ['unclosed <i><u>', field('<i><u>')],
    ['unclosed <b>', field('<b>')],
    ['nested and closed', field('<b>', MAX_INLINE_HTML_LENGTH / 2) + fill('</b>', MAX_INLINE_HTML_LENGTH / 2)],
    ['unclosed, then end tags of another name', field('<i>', 10_000) + fill('</u>', MAX_INLINE_HTML_LENGTH - 10_000)],
    ['unclosed links', field('<a href="https://example.com/">')],
    ['a < flood', field('<')],
    ['many tiny tags', field('<b>x</b>')],
    ['an entity flood', field('&amp;')],
    ['comments and CDATA', field('<!--x--><![CDATA[y]]>')],
    ['mixed', field('<i><u>&amp;<!--c--><a href="x"><span>< b</q>')],
  ];

  /** As many paragraphs of `field` as keep the sections, as sent, under `bytes`. */
  function sectionsOf(field: string, bytes: number) {
    const blocks: { type: 'paragraph'; data: { text: string } }[] = [];
    const one = Buffer.byteLength(JSON.stringify({ type: 'paragraph', data: { text: field } })) + 1;
    while (Buffer.byteLength(JSON.stringify([{ body: { blocks } }])) + one < bytes) {
      blocks.push({ type: 'paragraph', data: { text: field } });
    }
    return [{ body: { blocks } }];
  }
  /** Just under the content limit as sent: the most a write can ask to have cleaned. */
  const atTheLimit = (field: string) => sectionsOf(field, MAX_CONTENT_BYTES - 2048);

  type Result = { status: number; body: { message?: { msg: string } } };
  /** The quickest of up to three tries (the machine may be busy), stopping at one within the bar. */
  async function timed(send: () => Promise<Result>) {
    let best = { status: 0, message: '', ms: Number.POSITIVE_INFINITY };
    for (let run = 0; run < 3 && best.ms >= BAR_MS; run++) {
      const started = performance.now();
      const res = await send();
      const ms = performance.now() - started;
      if (ms < best.ms) best = { status: res.status, message: res.body.message?.msg ?? '', ms };
    }
    return best;
  }

  /** The article saves go to, at its current version, and the one its own author autosaves. */
  let saved: Article;
  let autosaved: Article;
  /** Autosaves are counted per user: these stay under the rate. */
  let autosaver: { user: { _id: string }; token: string };

  beforeAll(async () => {
    saved = await createArticle(contributor.token, article());
    autosaver = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    autosaved = await createArticle(autosaver.token, article(undefined, { user: autosaver.user._id }));
    // Each handler loaded and warm, as a Lambda is after its first call.
    await routes.create(article([{ type: 'paragraph', data: { text: 'warm' } }]).body);
    await call('POST', `/cms/${saved._id}/lock`, { token: contributor.token, body: { takeOver: true } });
    await routes.save(article([{ type: 'paragraph', data: { text: 'warm' } }]).body);
    await routes.autosave(article([{ type: 'paragraph', data: { text: 'warm' } }]).body);
  });

  const routes: Record<'create' | 'save' | 'autosave', (sections: unknown, title?: string) => Promise<Result>> = {
    create: (sections, title = `Written ${newId()}`) =>
      direct('POST', '/cms/create', { token: contributor.token, body: article([], { body: sections, title }) }),
    save: async (sections, title = `Saved ${newId()}`) => {
      const res = await direct<Article>('PATCH', `/cms/${saved._id}`, {
        token: contributor.token,
        body: { ...article([], { body: sections, title }), version: saved.version },
      });
      if (res.status === 200 && res.body.data) saved = res.body.data;
      return res;
    },
    autosave: (sections, title = `Autosaved ${newId()}`) =>
      direct('POST', `/cms/${autosaved._id}/autosave`, {
        token: autosaver.token,
        body: { baseVersion: autosaved.version, fields: { title, body: sections } },
      }),
  };
  const ROUTES = Object.keys(routes) as (keyof typeof routes)[];

  /** Whether a write titled `title` left no trace: no article, no save, no autosave of it. */
  async function leftNoTrace(route: keyof typeof routes, title: string) {
    if (route === 'create') return (await titled(title)) === 0;
    if (route === 'save') return (await detail(saved._id)).body.data?.version === saved.version;
    const mine = await call<{ fields: { title: string } } | null>('GET', `/cms/${autosaved._id}/autosave`, {
      token: autosaver.token,
    });
    return mine.body.data?.fields.title !== title;
  }

  describe.each(ROUTES)('%s', (route) => {
    // A save needs its author's live edit lock (it lapses a minute after it was last taken).
    beforeEach(async () => {
      if (route === 'save') {
        await call('POST', `/cms/${saved._id}/lock`, { token: contributor.token, body: { takeOver: true } });
      }
    });

    it.each(PATHOLOGICAL)(`takes %s at the content limit within ${BAR_MS} ms`, async (_name, field) => {
      const sections = atTheLimit(field);
      const { status, message, ms } = await timed(() => routes[route](sections));
      // Stored (201, 200), or refused as too long once cleaned (`<` comes out as `&lt;`).
      expect([status, message]).toEqual(
        status === 413 ? [413, `PayloadTooLarge: ${ARTICLE_MESSAGES.tooLong}`] : [route === 'create' ? 201 : 200, ''],
      );
      expect(ms).toBeLessThan(BAR_MS);
    });

    it(`refuses one field over its limit (the probe's 600 KB) with 400 within ${BAR_MS} ms, writing nothing`, async () => {
      const title = `Refused ${newId()}`;
      const sections = sectionsOf(field('<i><u>', 600_000), 700_000);
      const { status, message, ms } = await timed(() => routes[route](sections, title));
      expect([status, message]).toEqual([400, `ValidationError: ${INLINE_HTML_TOO_LONG}`]);
      expect(ms).toBeLessThan(BAR_MS);
      expect(await leftNoTrace(route, title)).toBe(true);
    });

    it(`refuses content over its limit before cleaning it: 413 within ${BAR_MS} ms, writing nothing`, async () => {
      // Near the 1 MB request limit, every field within its own.
      const title = `Refused ${newId()}`;
      const sections = sectionsOf(field('<i><u>'), 1_000_000);
      const { status, message, ms } = await timed(() => routes[route](sections, title));
      expect([status, message]).toEqual([413, `PayloadTooLarge: ${ARTICLE_MESSAGES.tooLong}`]);
      expect(ms).toBeLessThan(BAR_MS);
      expect(await leftNoTrace(route, title)).toBe(true);
    });
  });
});
