/** DynamoDB access for breaking news. */
import type { BreakingNews } from '../../shared/schemas/breaking-news';
import { counterUpdate } from '../lib/db/counters';
import { countedPage } from '../lib/db/paging';
import { getRecord, insertRecord, replaceRecord } from '../lib/db/records';
import { BREAKING_NEWS_ENTITY, BREAKING_NEWS_PARTITION, breakingNewsByCreatedAt, breakingNewsKey } from './keys';

/** Breaking news is stored as returned. */
export type BreakingNewsRecord = BreakingNews;

/** The stored item, list keys included. */
export const breakingNewsItem = (b: BreakingNewsRecord) => ({
  ...breakingNewsKey(b._id),
  ...breakingNewsByCreatedAt(b.createdAt, b._id),
  ...b,
});

export const getBreakingNews = (id: string) => getRecord<BreakingNewsRecord>(breakingNewsKey(id));

export const listBreakingNews = (page: number, limit: number) =>
  countedPage<BreakingNewsRecord>({ ...BREAKING_NEWS_PARTITION, counter: BREAKING_NEWS_ENTITY }, page, limit);

export const insertBreakingNews = (b: BreakingNewsRecord) =>
  insertRecord(breakingNewsItem(b), [counterUpdate(BREAKING_NEWS_ENTITY, 'ALL', 1)], 'This item already exists');

export const replaceBreakingNews = (next: BreakingNewsRecord, expectedVersion: number) =>
  replaceRecord(breakingNewsItem(next), expectedVersion);
