import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { type ArticleRecord, rowItem } from '../../functions/cms/items';
import { articleKey, CMS_ENTITY } from '../../functions/cms/keys';
import { db, tableName } from '../../functions/lib/db/client';
import { counterKey } from '../../functions/lib/db/counter-keys';
import { counterUpdate } from '../../functions/lib/db/counters';
import { newId } from '../../functions/lib/ids';
import { publishDue } from '../../functions/publisher/handler';
import './helpers';

/**
 * A Scheduled article's row as the cms module stores it, with its counters, written straight to the table: the
 * API would publish at once an article whose publish date has passed.
 */
async function scheduledArticle(publishDate: string) {
  const id = newId();
  const createdAt = new Date().toISOString();
  const row: ArticleRecord = {
    _id: id,
    type: 'Article',
    status: 'Scheduled',
    title: 'Scheduled story',
    searchTitle: 'scheduled story',
    slug: `scheduled-story-${id.toLowerCase()}`,
    categories: [],
    categoryNames: [],
    user: 'publisher-test',
    authorName: 'Publisher test',
    image: null,
    publishDate,
    isSponsored: false,
    views: 0,
    createdBy: 'publisher-test',
    createdAt,
    updatedAt: createdAt,
    updatedBy: null,
    version: 3,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: rowItem(row) } },
        counterUpdate(CMS_ENTITY, 'ALL', 1),
        counterUpdate(CMS_ENTITY, 'Scheduled', 1),
      ],
    }),
  );
  return id;
}

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

    const get = async (id: string) =>
      (await db().send(new GetCommand({ TableName: tableName(), Key: articleKey(id) }))).Item ?? {};
    const published = await get(due);
    expect(published).toMatchObject({ status: 'Published', gsi2pk: 'CMS#Published', version: 4 });
    expect(published).not.toHaveProperty('gsi3pk');
    expect(await get(future)).toMatchObject({ status: 'Scheduled', version: 3 });
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
});
