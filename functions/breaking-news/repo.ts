/** DynamoDB access for breaking news. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { BreakingNews } from '../../shared/schemas/breaking-news';
import { db, tableName } from '../lib/db/client';
import { counterUpdate, queryPage, readCounter } from '../lib/db/paging';
import { insertRecord, replaceRecord, withoutKeys } from '../lib/db/records';
import { BREAKING_NEWS_ENTITY, BREAKING_NEWS_PARTITION, breakingNewsByCreatedAt, breakingNewsKey } from './keys';

/** Breaking news is stored as returned. */
export type BreakingNewsRecord = BreakingNews;

const item = (b: BreakingNewsRecord) => ({
  ...breakingNewsKey(b._id),
  ...breakingNewsByCreatedAt(b.createdAt, b._id),
  ...b,
});

export async function getBreakingNews(id: string): Promise<BreakingNewsRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: breakingNewsKey(id) }));
  return out.Item ? withoutKeys<BreakingNewsRecord>(out.Item) : undefined;
}

export async function listBreakingNews(page: number, limit: number) {
  const [items, total] = await Promise.all([
    queryPage<Record<string, unknown>>(BREAKING_NEWS_PARTITION, page, limit),
    readCounter(BREAKING_NEWS_ENTITY),
  ]);
  return { list: items.map((i) => withoutKeys<BreakingNewsRecord>(i)), total };
}

export const insertBreakingNews = (b: BreakingNewsRecord) =>
  insertRecord(item(b), [counterUpdate(BREAKING_NEWS_ENTITY, 'ALL', 1)], 'This item already exists');

export const replaceBreakingNews = (next: BreakingNewsRecord, expectedVersion: number) =>
  replaceRecord(item(next), expectedVersion);
