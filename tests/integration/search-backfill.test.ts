/**
 * The index backfill (functions/search/backfill.ts, `npm run migrate:search-index`) over articles written before
 * the index: bounded batches, resumed after an interruption, safe beside an editor's save, never counted twice.
 */
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE_SEARCH,
  ARTICLES_BACKFILL,
  type ArticleRecord,
  articleKey,
  searchEntry,
} from '../../functions/article/model';
import { db, tableName } from '../../functions/lib/db/client';
import { transact } from '../../functions/lib/db/records';
import { newId } from '../../functions/lib/ids';
import { backfillSearchIndex } from '../../functions/search/backfill';
import { indexCompleteKey } from '../../functions/search/keys';
import { indexTerms } from '../../functions/search/terms';
import { enteringWrites } from '../../functions/search/writes';
import { SEARCH_INDEX_VERSION } from '../../shared/constants';
import { PROBE_ENGLISH } from '../fixtures/headlines';
import { articleRecord, putLegacyArticle } from './factories';
import { admin, call, editorCall, errorText, rootSession } from './helpers';

let token: string;
let adminId: string;

const search = async (text: string) =>
  ((await call<{ total: number }>('GET', `/cms?search=${encodeURIComponent(text)}`, { token })).body.data?.total ??
    -1) as number;

/** An article as the API stored it before the index existed: its row and content, no postings, not marked. */
async function legacyArticle(title: string, indexedV1 = false): Promise<ArticleRecord> {
  const row = articleRecord(
    { _id: adminId, name: admin.name },
    { title, slug: `legacy-${newId().toLowerCase()}`, ...(indexedV1 ? { searchIndexed: true } : {}) },
  );
  await putLegacyArticle(row);
  // A table holding rows of an older index is one the backfill has not brought up to date: no mark.
  await db().send(new DeleteCommand({ TableName: tableName(), Key: indexCompleteKey(ARTICLE_SEARCH) }));
  // Indexed as version 1 of the index did: at most 42 terms, its first writes.
  if (indexedV1) await transact(enteringWrites(ARTICLE_SEARCH, searchEntry(row), 1));
  return row;
}

/** The version the backfill last brought every article to (the mark the searches read), if any. */
const completeVersion = async () =>
  (
    await db().send(
      new GetCommand({ TableName: tableName(), Key: indexCompleteKey(ARTICLE_SEARCH), ConsistentRead: true }),
    )
  ).Item?.version;

beforeAll(async () => {
  ({ token, id: adminId } = await rootSession());
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
    expect(await completeVersion()).toBeUndefined();

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
    // The pass that began in the first run has read every record, none left busy: the articles are all current.
    expect(await completeVersion()).toBe(SEARCH_INDEX_VERSION);
    const everything = await backfillSearchIndex(ARTICLES_BACKFILL, { restart: true, batchSize: 50 });
    expect(first.read + second.read).toBe(everything.read);
    // The last run found everything indexed already: nothing is counted twice.
    expect(everything.indexed).toBe(0);
    expect(await search(tag)).toBe(5);
    expect(await search(`${tag} keeper`)).toBe(5);
    expect(await search(`${tag} kee`)).toBe(5);
  });

  it('re-indexes rows of version 1 under every prefix, exactly, in one transaction when it fits and in steps when not', async () => {
    const tag = `beacon${newId().slice(-6).toLowerCase().replace(/[0-9]/g, 'x')}`;
    const long = `${tag} ${PROBE_ENGLISH}`;
    expect(indexTerms(long, 1)).not.toContain('mara');
    const longRow = await legacyArticle(long, true);
    const shortRow = await legacyArticle(`${tag} harbour`, true);
    expect(await search(tag)).toBe(2);
    const before = { mara: await search('mara'), parlia: await search('parlia'), harbour: await search('harbour') };

    const run = await backfillSearchIndex(ARTICLES_BACKFILL, { restart: true, batchSize: 50 });
    expect(run.indexed).toBeGreaterThanOrEqual(2);
    expect(await completeVersion()).toBe(SEARCH_INDEX_VERSION);
    expect(await search(`${tag} mara`)).toBe(1);
    expect(await search(tag)).toBe(2);
    // Version 1 missed the later words' short prefixes ("mara" of Marathwada); moved to version 2, the headline
    // counts under them once, and once only under the terms both versions hold.
    expect(await search('mara')).toBe(before.mara + 1);
    expect(await search('parlia')).toBe(before.parlia);
    expect(await search('harbour')).toBe(before.harbour);
    const stored = async (id: string) =>
      (await db().send(new GetCommand({ TableName: tableName(), Key: articleKey(id), ConsistentRead: true }))).Item;
    // The short title fitted one transaction: no version moved. The long one went in steps.
    expect(await stored(shortRow._id)).toMatchObject({
      version: 1,
      searchIndexed: true,
      searchIndexVersion: SEARCH_INDEX_VERSION,
    });
    const longStored = await stored(longRow._id);
    expect(longStored).toMatchObject({ searchIndexed: true, searchIndexVersion: SEARCH_INDEX_VERSION });
    expect(longStored?.version).toBeGreaterThan(1);

    const again = await backfillSearchIndex(ARTICLES_BACKFILL, { restart: true, batchSize: 50 });
    expect(again.indexed).toBe(0);
    expect(await search('mara')).toBe(before.mara + 1);
  });
});
