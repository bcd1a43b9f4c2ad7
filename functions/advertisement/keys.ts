/** Keys of advertisements. */
import { indexEntry } from '../lib/db/index-keys';

export const AD_ENTITY = 'AD';
export const adKey = (id: string) => ({ pk: `AD#${id}`, sk: 'AD' });
/** gsi1: every ad, newest first. */
export const ADS_PARTITION = { index: 'gsi1', partition: 'AD' } as const;
export const adsByCreatedAt = (createdAt: string, id: string) => indexEntry(ADS_PARTITION, createdAt, id);
/** gsi2: ads by end date: those still running or running on a day are a range of it (ends at or after the day). */
export const ADS_BY_END = { index: 'gsi2', partition: 'AD#END' } as const;
export const adsByEndDate = (endDate: string, id: string) => indexEntry(ADS_BY_END, endDate, id);
