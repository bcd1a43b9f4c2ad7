/** Keys of advertisements. */
import type { Named } from '../lib/db/copies';
import { indexEntry } from '../lib/db/index-keys';

export const AD_ENTITY = 'AD';
export const adKey = (id: string) => ({ pk: `AD#${id}`, sk: 'AD' });
/** gsi1: every ad, newest first. */
export const ADS_PARTITION = { index: 'gsi1', partition: 'AD' } as const;
export const adsByCreatedAt = (createdAt: string, id: string) => indexEntry(ADS_PARTITION, createdAt, id);
/** gsi2: ads by end date: those still running or running on a day are a range of it (ends at or after the day). */
export const ADS_BY_END = { index: 'gsi2', partition: 'AD#END' } as const;
export const adsByEndDate = (endDate: string, id: string) => indexEntry(ADS_BY_END, endDate, id);
/**
 * Name references (lib/db/copies.ts): the ads that copy a category's, a client's or a user's name, one item per ad
 * in a partition of that record, written in the ad's transaction. A rename Queries it.
 */
export const adsNaming = (named: Named) => ({
  index: 'table' as const,
  partition: `ADNAME#${named.kind.toUpperCase()}#${named.id}`,
});
export const adNameKey = (named: Named, adId: string) => ({ pk: adsNaming(named).partition, sk: adId });
