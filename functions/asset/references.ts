/**
 * What other resources use of assets: their public URL and the one check every record that references files
 * goes through. Kept apart from service.ts so those Lambdas do not bundle the S3 client.
 */
import type { UploadPurpose } from '../../shared/constants';
import { badRequest } from '../lib/errors';
import { type AssetRecord, claimAssets, getAssets } from './model';

export { mediaUrl } from './keys';
export { mediaRefs } from './media';

/** Files a record references for one use, and the upload purposes that use accepts. */
export interface FileUse {
  ids: readonly string[];
  purposes?: readonly UploadPurpose[];
}

/**
 * Each id must be a verified asset, of one of its use's purposes when they are named: one read for every use
 * of a record. Files not referenced before are claimed (kept from the media sweeper) before the record is
 * written. Returns the assets by id.
 */
export async function requireVerifiedFiles(uses: readonly FileUse[]): Promise<Map<string, AssetRecord>> {
  const ids = uses.flatMap((u) => u.ids);
  const assets = new Map(ids.length ? (await getAssets(ids)).map((a) => [a._id, a]) : []);
  for (const { ids: used, purposes } of uses) {
    for (const id of used) {
      const asset = assets.get(id);
      if (asset?.status !== 'verified') throw badRequest('A referenced file is missing or not verified');
      if (purposes && !purposes.includes(asset.purpose))
        throw badRequest('A referenced file was uploaded for another use');
    }
  }
  const unclaimed = [...assets.values()].filter((asset) => !asset.claimed);
  if (unclaimed.length > 0) await claimAssets(unclaimed.map((asset) => asset._id));
  return assets;
}

/** The same for files of one use. */
export const requireVerifiedAssets = (ids: readonly string[], purposes?: readonly UploadPurpose[]) =>
  requireVerifiedFiles([{ ids, purposes }]);
