/**
 * Runs every hour (EventBridge in AWS, a timer locally): checked files that no record referenced within a day of
 * their check are deleted, record first (unless a record claimed the file meanwhile), then the object.
 * Never-completed uploads need no sweep: their objects expire under uploads/ and their records by TTL.
 */
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { UNCLAIMED_MEDIA_TTL_SECONDS } from '../../shared/constants';
import { deleteUnclaimedAsset, unclaimedBefore } from '../asset/model';
import { config } from '../lib/config';
import { nowIso } from '../lib/ids';
import { publishedObjectKey } from '../lib/media-keys';
import { backgroundHandler, logger } from '../lib/observability';
import { s3 } from '../lib/s3';

const BATCH = 100;
const MAX_BATCHES = 20;

export async function sweepUnclaimedMedia(now = nowIso()): Promise<{ deleted: number; kept: number }> {
  const cutoff = new Date(Date.parse(now) - UNCLAIMED_MEDIA_TTL_SECONDS * 1000).toISOString();
  let deleted = 0;
  let kept = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await unclaimedBefore(cutoff, BATCH);
    for (const asset of due) {
      if (await deleteUnclaimedAsset(asset._id)) {
        await s3().send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key: publishedObjectKey(asset.key) }));
        deleted++;
      } else kept++;
    }
    if (due.length < BATCH) break;
  }
  return { deleted, kept };
}

export const handler = backgroundHandler(async (): Promise<{ deleted: number; kept: number }> => {
  const result = await sweepUnclaimedMedia();
  if (result.deleted + result.kept > 0) logger().info('media sweep', { ...result });
  return result;
});
