import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { articleKey, CMS_ENTITY } from '../../functions/article/model';
import { db, tableName } from '../../functions/lib/db/client';
import { counterKey } from '../../functions/lib/db/counter-keys';
import { newId } from '../../functions/lib/ids';
import { handler, publishDue } from '../../functions/publisher/handler';
import type * as PublisherService from '../../functions/publisher/service';
import { articleRecord, putCountedArticleRow } from './factories';
import { inHours } from './helpers';

/** Articles whose publish throws every time (a poisoned article): the real publish for every other one. */
const poisoned = vi.hoisted(() => new Set<string>());
vi.mock('../../functions/publisher/service', async (importOriginal) => {
  const real = await importOriginal<typeof PublisherService>();
  return {
    ...real,
    publishScheduled: (article: { _id: string }, at: string) =>
      poisoned.has(article._id)
        ? Promise.reject(new Error(`poisoned ${article._id}`))
        : real.publishScheduled(article as Parameters<typeof real.publishScheduled>[0], at),
  };
});

/**
 * A Scheduled article's row as the cms module stores it, with its counters, written straight to the table: the
 * API would publish at once an article whose publish date has passed.
 */
async function scheduledArticle(publishDate: string) {
  const id = newId();
  const row = articleRecord(
    { _id: 'publisher-test', name: 'Publisher test' },
    {
      _id: id,
      type: 'Article',
      status: 'Scheduled',
      title: 'Scheduled story',
      slug: `scheduled-story-${id.toLowerCase()}`,
      publishDate,
      version: 3,
    },
  );
  await putCountedArticleRow(row);
  return id;
}

/** The stored article row (status, version, index keys), or {} when there is none. */
const storedArticle = async (id: string): Promise<Record<string, unknown>> =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: articleKey(id) }))).Item ?? {};

const count = async (bucket: string) =>
  ((await db().send(new GetCommand({ TableName: tableName(), Key: counterKey(CMS_ENTITY, bucket) }))).Item?.count as
    | number
    | undefined) ?? 0;

describe('publisher', () => {
  it('publishes Scheduled articles whose time has come and leaves future ones, with counters and history', async () => {
    const due = await scheduledArticle(new Date(Date.now() - 60_000).toISOString());
    const future = await scheduledArticle(new Date(Date.now() + 3_600_000).toISOString());
    const before = { scheduled: await count('Scheduled'), published: await count('Published') };

    const result = await publishDue();
    expect(result.published).toBeGreaterThanOrEqual(1);

    const published = await storedArticle(due);
    expect(published).toMatchObject({ status: 'Published', gsi2pk: 'CMS#Published', version: 4 });
    expect(published).not.toHaveProperty('gsi3pk');
    expect(await storedArticle(future)).toMatchObject({ status: 'Scheduled', version: 3 });
    expect(await count('Published')).toBe(before.published + result.published);
    expect(await count('Scheduled')).toBe(before.scheduled - result.published);

    const history = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
        ExpressionAttributeValues: { ':pk': articleKey(due).pk, ':audit': 'AUDIT#' },
      }),
    );
    expect(history.Items).toEqual([
      expect.objectContaining({ from: 'Scheduled', to: 'Published', by: null, action: 'publisher' }),
    ]);

    // A second run finds nothing more to do for that article.
    const again = await publishDue();
    expect(again.published).toBe(0);
  });

  it('publishes the others when one article always fails, counts the failure, and the handler throws', async () => {
    const minutesAgo = (m: number) => inHours(-m / 60);
    const bad = await scheduledArticle(minutesAgo(30));
    const good = [await scheduledArticle(minutesAgo(20)), await scheduledArticle(minutesAgo(10))];
    poisoned.add(bad);

    const run = await publishDue();
    expect(run.failed).toBe(1);
    expect(run.published).toBeGreaterThanOrEqual(2);
    expect(run.lagSeconds).toBeGreaterThanOrEqual(30 * 60 - 5);
    const status = async (id: string) => (await storedArticle(id)).status;
    for (const id of good) expect(await status(id)).toBe('Published');
    expect(await status(bad)).toBe('Scheduled');

    // The invocation fails (Lambda's retries and failure destination see it) while the article still fails …
    await expect(handler({})).rejects.toThrow(/1 due article\(s\) failed to publish/);
    // … and succeeds once it publishes: the next run takes it.
    poisoned.delete(bad);
    expect(await handler({})).toMatchObject({ failed: 0 });
    expect(await status(bad)).toBe('Published');
  });

  it('pages past a whole batch of failing articles to the due ones behind them', async () => {
    const early = new Date(Date.now() - 3_600_000).getTime();
    const failing: string[] = [];
    // More than one page (100) of failing articles, all due before the good one.
    for (let i = 0; i < 101; i++) failing.push(await scheduledArticle(new Date(early + i * 1000).toISOString()));
    for (const id of failing) poisoned.add(id);
    const behind = await scheduledArticle(new Date(Date.now() - 60_000).toISOString());

    const run = await publishDue();
    expect(run.failed).toBe(101);
    expect(run.published).toBeGreaterThanOrEqual(1);
    const item = await db().send(new GetCommand({ TableName: tableName(), Key: articleKey(behind) }));
    expect(item.Item?.status).toBe('Published');

    // Leave the table as the other files expect it: nothing due.
    poisoned.clear();
    expect((await publishDue()).published).toBeGreaterThanOrEqual(101);
  });
});
