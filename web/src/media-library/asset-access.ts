import { canAccess } from '../../../shared/permissions';
import { useSession } from '../session/session-context';
import type { AssetView } from './api';

/** What this user may do to a file: change its details (its uploader, or Edit on Media) and remove it (Edit). */
export function useAssetAccess(asset: Pick<AssetView, 'uploader'> | undefined) {
  const { user } = useSession();
  const editor = canAccess(user, 'Asset', ['Edit']);
  const own = asset?.uploader?._id !== undefined && asset.uploader._id === user?._id;
  return { canEdit: editor || own, canRemove: editor };
}
