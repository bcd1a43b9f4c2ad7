/**
 * The index backfill (functions/search/backfill.ts, `npm run migrate:search-index`) over articles written before
 * the index: bounded batches, resumed after an interruption, safe beside an editor's save, never counted twice.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLES_BACKFILL,
  type ArticleContent,
  type ArticleRecord,
  contentItem,
  rowItem,
} from '../../functions/cms/items';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { searchable } from '../../functions/lib/text';
import { backfillSearchIndex } from '../../functions/search/backfill';
import { admin, call, editorCall, errorText, login } from './helpers';

let token: string;
let adminId: string;

const search = async (text: string) =>
  ((await call<{ total: number }>('GET', `/cms?search=${encodeURIComponent(text)}`, { token })).body.data?.total ??
    -1) as number;

/** An article as the API stored it before the index existed: its row and content, no postings, not marked. */
async function legacyArticle(title: string): Promise<ArticleRecord> {
  const at = new Date().toISOString();
  const row: ArticleRecord = {
    _id: newId(),
    type: 'Page',
    status: 'Draft',
    title,
    searchTitle: searchable(title),
    slug: `legacy-${newId().toLowerCase()}`,
    categories: [],
    categoryNames: [],
    user: adminId,
    authorName: admin.name,
    image: null,
    publishDate: null,
    isSponsored: false,
    views: 0,
    createdBy: adminId,
    createdAt: at,
    updatedAt: at,
    updatedBy: null,
    version: 1,
  };
  const content: ArticleContent = {
    description: '',
    canonicalUrl: '',
    seo: { title: '', description: '', metaTags: [] },
    body: [{ title: '', body: { blocks: [{ type: 'paragraph', data: { text: 'Old.' } }] } }],
    imageAlt: '',
    imageTitle: '',
    tags: [],
    videos: [],
    gallery: [],
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: rowItem(row) }));
  await db().send(new PutCommand({ TableName: tableName(), Item: contentItem(row, content) }));
  return row;
}

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  adminId = ((await call<{ _id: string }>('GET', '/user/me', { token })).body.data as { _id: string })._id;
});

describe('npm run migrate:search-index', () => {
  it('indexes old articles in bounded batches, resumes after a stop, and never counts one twice', async () => {
    const tag = `lighthouse${newId().slice(-6).toLowerCase().replace(/[0-9]/g, 'x')}`;
    const legacy = [];
    for (let i = 0; i < 5; i++) legacy.push(await legacyArticle(`Old ${tag} keeper ${i}`));
    expect(await search(tag)).toBe(0);

    // A run stopped after one batch of two records: it has not read everything.
    const first = await backfillSearchIndex(ARTICLES_BACKFILL, { restart: true, batchSize: 2, maxBatches: 1 });
    expect(first).toMatchObject({ batches: 1, done: false });
    expect(first.read).toBeLessThanOrEqual(2);

    // An editor saves one of them meanwhile: the save indexes it, as every save does.
    const [edited] = legacy;
    if (!edited) throw new Error('no article');
    const saved = await editorCall('PATCH', `/cms/${edited._id}`, {
      token,
      body: {
        version: 1,
        action: 'save',
        title: `Old ${tag} keeper edited`,
        body: [{ title: '', body: { blocks: [{ type: 'paragraph', data: { text: 'New.' } }] } }],
      },
    });
    expect(saved.status, errorText(saved)).toBe(200);
    expect(await search(`${tag} edited`)).toBe(1);

    // The next run resumes where the first stopped and reads the rest.
    const second = await backfillSearchIndex(ARTICLES_BACKFILL, { batchSize: 2 });
    expect(second.done).toBe(true);
    const everything = await backfillSearchIndex(ARTICLES_BACKFILL, { restart: true, batchSize: 50 });
    expect(first.read + second.read).toBe(everything.read);
    // The last run found everything indexed already: nothing is counted twice.
    expect(everything.indexed).toBe(0);
    expect(await search(tag)).toBe(5);
    expect(await search(`${tag} keeper`)).toBe(5);
    expect(await search(`${tag} kee`)).toBe(5);
  });
});
