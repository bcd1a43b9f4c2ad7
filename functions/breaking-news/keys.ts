/** Keys of breaking news. */
import { indexEntry } from '../lib/db/index-keys';

export const BREAKING_NEWS_ENTITY = 'BREAKING';
export const breakingNewsKey = (id: string) => ({ pk: `BREAKING#${id}`, sk: 'BREAKING' });
/** gsi1: every breaking news item, newest first. */
export const BREAKING_NEWS_PARTITION = { index: 'gsi1', partition: 'BREAKING' } as const;
export const breakingNewsByCreatedAt = (createdAt: string, id: string) =>
  indexEntry(BREAKING_NEWS_PARTITION, createdAt, id);
