/**
 * Runs every hour (EventBridge in AWS, a timer locally): what has been in a trash for TRASH_DAYS is deleted for
 * good, exactly as Delete now does (the record's partition, its unique items, its trash count; functions/trash/).
 * DynamoDB's TTL on the trashed items is only a backstop a day later (functions/README.md → Trash).
 */
import type { TrashTargetType } from '../../shared/trash-resources';
import { backgroundHandler, logger } from '../lib/observability';
import { purgeExpired } from '../trash/purge';
import { TRASHABLES } from './registry';

/** Each removable resource's count of records deleted for good, by its trash name (shared/trash-resources.ts). */
export type TrashSweep = Record<TrashTargetType, number>;

/** Deletes for good every record whose time in the trash is over at `now`, one resource after another. */
export async function purgeExpiredTrash(now: Date = new Date()): Promise<TrashSweep> {
  const sweep: Partial<TrashSweep> = {};
  for (const [type, kind] of Object.entries(TRASHABLES) as [TrashTargetType, (typeof TRASHABLES)[TrashTargetType]][]) {
    sweep[type] = await purgeExpired(kind, now);
  }
  return sweep as TrashSweep;
}

export const handler = backgroundHandler(async (): Promise<TrashSweep> => {
  const sweep = await purgeExpiredTrash();
  if (Object.values(sweep).some((count) => count > 0)) logger().info('trash sweep', { ...sweep });
  return sweep;
});
