/**
 * The files a record references, by id, read by key alone. Kept apart from references.ts (which re-exports it) and
 * model.ts so that code which only shows files, the public preview Lambda's above all, reaches no asset write.
 */
import { CENTRE, renditionsOf } from '../../shared/renditions';
import type { MediaRef } from '../../shared/schemas/common';
import { batchGet, withoutKeys } from '../lib/db/reads';
import { assetKey, mediaUrl } from './keys';

/** What a reference shows of an asset's record (model.ts AssetRecord). */
type ShownAsset = Pick<MediaRef, '_id' | 'name' | 'contentType' | 'width' | 'height' | 'alt' | 'focal'> & {
  key: string;
};

/** The files a record references, by id, as the editors show them (missing ids are left out). */
export async function mediaRefs(ids: readonly (string | null | undefined)[]): Promise<Record<string, MediaRef>> {
  const wanted = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  if (wanted.length === 0) return {};
  const assets = (await batchGet(wanted.map(assetKey), true)).map((item) => withoutKeys<ShownAsset>(item));
  return Object.fromEntries(
    assets.map((a) => {
      const renditions = renditionsOf(a.key, a.contentType, a, a.focal ?? CENTRE);
      const ref: MediaRef = { _id: a._id, url: mediaUrl(a.key), name: a.name, contentType: a.contentType };
      if (renditions.length > 0)
        Object.assign(ref, { width: a.width, height: a.height, focal: a.focal ?? CENTRE, renditions });
      if (a.alt) ref.alt = a.alt;
      return [a._id, ref];
    }),
  );
}
