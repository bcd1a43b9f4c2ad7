/**
 * What other resources use of assets: their public URL and the one check every record that references files
 * goes through. Kept apart from service.ts so those Lambdas do not bundle the S3 client.
 */
import { UPLOAD_PURPOSES, type UploadPurpose } from '../../shared/constants';
import { isRenderable } from '../../shared/renditions';
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
 * A picture chosen from the media library may serve any use whose uploads take its type (a gallery photo as a
 * cover): it is served through renditions, so its upload's size limit no longer matters. Other files keep to
 * their purpose (a PDF uploaded for import is not an e-paper).
 */
const fromLibrary = (asset: AssetRecord, purposes: readonly UploadPurpose[]) =>
  isRenderable(asset.contentType) &&
  purposes.some((p) => (UPLOAD_PURPOSES[p].types as readonly string[]).includes(asset.contentType));

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
      if (purposes && !purposes.includes(asset.purpose) && !fromLibrary(asset, purposes))
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
