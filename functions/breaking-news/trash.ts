/** Breaking news in the trash (functions/trash/): only its list counter moves. */
import { counterUpdate } from '../lib/db/counters';
import type { Trashable } from '../trash/trashable';
import { BREAKING_NEWS_ENTITY, breakingNewsKey } from './keys';
import { type BreakingNewsRecord, breakingNewsItem } from './repo';

export const BREAKING_NEWS_TRASH: Trashable<BreakingNewsRecord> = {
  entity: BREAKING_NEWS_ENTITY,
  auditType: 'breaking-news',
  notFoundMessage: 'No such breaking news',
  key: breakingNewsKey,
  itemOf: breakingNewsItem,
  titleOf: (b) => b.title,
  leaving: () => [counterUpdate(BREAKING_NEWS_ENTITY, 'ALL', -1)],
  returning: () => [counterUpdate(BREAKING_NEWS_ENTITY, 'ALL', 1)],
  purging: () => [],
};
