import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/lib/db/client';
import { articleKey, articlesByStatus, CMS_ENTITY, scheduledByPublishDate } from '../../functions/lib/db/cms-keys';
import { counterKey } from '../../functions/lib/db/counter-keys';
import { newId } from '../../functions/lib/ids';
import { publishDue } from '../../functions/publisher/handler';
import './helpers';

/** A Scheduled article as the articles service will store it (that service comes in a later issue). */
async function scheduledArticle(publishDate: string) {
  const id = newId();
  const createdAt = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...articleKey(id),
        ...articlesByStatus('Scheduled', createdAt, id),
        ...scheduledByPublishDate(publishDate, id),
        _id: id,
        title: 'Scheduled story',
        status: 'Scheduled',
        publishDate,
        createdAt,
        version: 3,
      },
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
