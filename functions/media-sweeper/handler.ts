/**
 * Runs every hour (EventBridge in AWS, a timer locally): checked files that no record referenced within a day of
 * their check are deleted, record first (unless a record claimed the file meanwhile), then the object. Files
 * removed from the media library are deleted once the removal's grace period is over, if nothing uses them then
 * (functions/asset/library.ts says why it waits), with their private original and every rendition, and purged
 * from the CDN; a file a racing save came to use is put back in the library instead.
 * Never-completed uploads need no sweep: their objects expire under uploads/ and their records by TTL.
 */
import { DeleteObjectCommand, DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MEDIA_LIBRARY, UNCLAIMED_MEDIA_TTL_SECONDS } from '../../shared/constants';
import {
  type AssetRecord,
  deleteRemovedAsset,
  deleteUnclaimedAsset,
  removedBefore,
  replaceAsset,
  unclaimedBefore,
} from '../asset/model';
import { storedUses } from '../asset/uses';
import { queueInvalidation } from '../content-changes/invalidations';
import { config } from '../lib/config';
import { nowIso } from '../lib/ids';
import { originalObjectKey, publishedObjectKey, renditionPurgePaths, renditionsPrefix } from '../lib/media-keys';
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

/** Deletes every stored rendition of a file; returns the CDN paths they were served at. */
async function deleteRenditions(key: string): Promise<string[]> {
  const purged: string[] = [];
  let token: string | undefined;
  do {
    const listed = await s3().send(
      new ListObjectsV2Command({ Bucket: config.mediaBucket, Prefix: renditionsPrefix(key), ContinuationToken: token }),
    );
    const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    if (keys.length > 0) {
      await s3().send(
        new DeleteObjectsCommand({
          Bucket: config.mediaBucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      purged.push(...keys.flatMap(renditionPurgePaths));
    }
    token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
  } while (token);
  return purged;
}

/** A removed file: deleted with everything made of it, or put back when a save came to use it meanwhile. */
async function sweepRemoved(asset: AssetRecord, now: string): Promise<'deleted' | 'restored' | 'kept'> {
  if ((await storedUses(asset._id)).length > 0) {
    const { removedAt: _removed, ...back } = asset;
    await replaceAsset(asset, { ...back, status: 'verified', updatedAt: now, version: asset.version + 1 });
    return 'restored';
  }
  if (!(await deleteRemovedAsset(asset))) return 'kept';
  const objects = [publishedObjectKey(asset.key), ...(asset.originalKept ? [originalObjectKey(asset.key)] : [])];
  for (const Key of objects) await s3().send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key }));
  await queueInvalidation([`/${publishedObjectKey(asset.key)}`, ...(await deleteRenditions(asset.key))]);
  return 'deleted';
}

export async function sweepRemovedMedia(now = nowIso()): Promise<{ removed: number; restored: number }> {
  const cutoff = new Date(Date.parse(now) - MEDIA_LIBRARY.removalGraceSeconds * 1000).toISOString();
  let removed = 0;
  let restored = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await removedBefore(cutoff, BATCH);
    for (const asset of due) {
      const outcome = await sweepRemoved(asset, now);
      if (outcome === 'deleted') removed++;
      if (outcome === 'restored') restored++;
    }
    if (due.length < BATCH) break;
  }
  return { removed, restored };
}

export const handler = backgroundHandler(async () => {
  const result = { ...(await sweepUnclaimedMedia()), ...(await sweepRemovedMedia()) };
  if (result.deleted + result.kept + result.removed + result.restored > 0) logger().info('media sweep', { ...result });
  return result;
});
