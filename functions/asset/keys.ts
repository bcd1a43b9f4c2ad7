/** Keys of uploaded files (assets). */
export const assetKey = (id: string) => ({ pk: `ASSET#${id}`, sk: 'ASSET' });
/** gsi1: every asset, newest first (a media library later). */
export const assetsByCreatedAt = (createdAt: string, id: string) => ({ gsi1pk: 'ASSET', gsi1sk: `${createdAt}#${id}` });
/**
 * gsi2 (sparse): verified files no record has referenced yet, oldest first. A record's save claims its files
 * (the keys are removed); the media sweeper deletes what is still unclaimed a day after its check.
 */
export const UNCLAIMED_ASSETS = 'ASSET#UNCLAIMED';
export const unclaimedAsset = (verifiedAt: string, id: string) => ({
  gsi2pk: UNCLAIMED_ASSETS,
  gsi2sk: `${verifiedAt}#${id}`,
});
