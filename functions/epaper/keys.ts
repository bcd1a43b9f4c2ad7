/** Keys of e-paper editions. */
import type { Named } from '../lib/db/copies';
import { indexEntry } from '../lib/db/index-keys';
import { lookalikeKey } from '../lib/lookalike';

export const EPAPER_ENTITY = 'EPAPER';
export const epaperKey = (id: string) => ({ pk: `EPAPER#${id}`, sk: 'EPAPER' });
/** One item per slug, under its look-alike key (lib/lookalike.ts): editions' URLs are unique. */
export const epaperSlugKey = (slug: string) => ({ pk: `EPSLUG#${lookalikeKey(slug)}`, sk: 'EPSLUG' });
/** The slug item's key before look-alike keys: only the migration that moves it reads it (lib/db/unique-keys.ts). */
export const legacyEpaperSlugKey = (slug: string) => ({ pk: `EPSLUG#${slug}`, sk: 'EPSLUG' });
/** gsi1: every edition, newest first. */
export const EPAPERS_PARTITION = { index: 'gsi1', partition: 'EPAPER' } as const;
export const epapersByCreatedAt = (createdAt: string, id: string) => indexEntry(EPAPERS_PARTITION, createdAt, id);
/** gsi2: editions by publish date, for the date filter. */
export const EPAPERS_BY_DATE = { index: 'gsi2', partition: 'EPAPER#DATE' } as const;
export const epapersByPublishDate = (publishDate: string, id: string) => indexEntry(EPAPERS_BY_DATE, publishDate, id);
/**
 * Name references (lib/db/copies.ts): the editions that copy a user's name (whoever added them), one item per
 * edition in a partition of that user, written in the edition's transaction. A rename Queries it.
 */
export const epapersNaming = (named: Named) => ({
  index: 'table' as const,
  partition: `EPNAME#${named.kind.toUpperCase()}#${named.id}`,
});
export const epaperNameKey = (named: Named, epaperId: string) => ({
  pk: epapersNaming(named).partition,
  sk: epaperId,
});
