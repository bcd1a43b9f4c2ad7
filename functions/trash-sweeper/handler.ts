/**
 * Runs every hour (EventBridge in AWS, a timer locally): what has been in a trash for TRASH_DAYS is deleted for
 * good, exactly as Delete now does (the record's partition, its unique items, its trash count; functions/trash/).
 * DynamoDB's TTL on the trashed items is only a backstop a day later (functions/README.md → Trash).
 */
import { ADVERTISEMENT_TRASH } from '../advertisement/trash';
import { BREAKING_NEWS_TRASH } from '../breaking-news/model';
import { CATEGORY_TRASH } from '../category/trash';
import { CLIENT_TRASH } from '../client/model';
import { ARTICLE_TRASH } from '../cms/trash';
import { EPAPER_TRASH } from '../epaper/trash';
import { backgroundHandler, logger } from '../lib/observability';
import { MENU_TRASH } from '../menu/trash';
import { purgeExpired } from '../trash/purge';

/** Each resource's count of records deleted for good. */
export type TrashSweep = Record<string, number>;

/** Deletes for good every record whose time in the trash is over at `now`. */
export async function purgeExpiredTrash(now: Date = new Date()): Promise<TrashSweep> {
  return {
    articles: await purgeExpired(ARTICLE_TRASH, now),
    advertisements: await purgeExpired(ADVERTISEMENT_TRASH, now),
    epapers: await purgeExpired(EPAPER_TRASH, now),
    breakingNews: await purgeExpired(BREAKING_NEWS_TRASH, now),
    menus: await purgeExpired(MENU_TRASH, now),
    categories: await purgeExpired(CATEGORY_TRASH, now),
    clients: await purgeExpired(CLIENT_TRASH, now),
  };
}

export const handler = backgroundHandler(async (): Promise<TrashSweep> => {
  const sweep = await purgeExpiredTrash();
  if (Object.values(sweep).some((count) => count > 0)) logger().info('trash sweep', { ...sweep });
  return sweep;
});
