/** Keys of uploaded files (assets). */
export const assetKey = (id: string) => ({ pk: `ASSET#${id}`, sk: 'ASSET' });
/** gsi1: every asset, newest first (a media library later). */
export const assetsByCreatedAt = (createdAt: string, id: string) => ({ gsi1pk: 'ASSET', gsi1sk: `${createdAt}#${id}` });
