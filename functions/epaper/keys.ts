/** Keys of e-paper editions. */
import { indexEntry } from '../lib/db/index-keys';

export const EPAPER_ENTITY = 'EPAPER';
export const epaperKey = (id: string) => ({ pk: `EPAPER#${id}`, sk: 'EPAPER' });
export const epaperSlugKey = (slug: string) => ({ pk: `EPSLUG#${slug}`, sk: 'EPSLUG' });
/** gsi1: every edition, newest first. */
export const EPAPERS_PARTITION = { index: 'gsi1', partition: 'EPAPER' } as const;
export const epapersByCreatedAt = (createdAt: string, id: string) => indexEntry(EPAPERS_PARTITION, createdAt, id);
/** gsi2: editions by publish date, for the date filter. */
export const EPAPERS_BY_DATE = { index: 'gsi2', partition: 'EPAPER#DATE' } as const;
export const epapersByPublishDate = (publishDate: string, id: string) => indexEntry(EPAPERS_BY_DATE, publishDate, id);
