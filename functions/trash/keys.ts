/**
 * Keys of the trash. A removed record's list item (`<ENTITY>#<id>` / `<ENTITY>`) moves to
 * `<ENTITY>#<id>` / `TRASH` in the same partition: every read by key then misses it (404), every list partition
 * (gsi keys) drops it, and the items it owns stay beside it until it is restored or deleted for good.
 */
import { indexEntry } from '../lib/db/index-keys';

export const TRASHED_SK = 'TRASH';

/** The trashed item of a record whose live item is `live`. */
export const trashedKey = (live: { pk: string }) => ({ pk: live.pk, sk: TRASHED_SK });

/** gsi1: one entity's trash, newest removal first (GET {base}/trash). */
export const trashListing = (entity: string) => ({ index: 'gsi1', partition: `TRASH#${entity}` }) as const;
export const trashedByTime = (entity: string, trashedAt: string, id: string) =>
  indexEntry(trashListing(entity), trashedAt, id);

/** gsi2: one entity's trash by expiry, soonest first (the sweeper's range up to now). */
export const trashExpiry = (entity: string) => ({ index: 'gsi2', partition: `TRASH#${entity}#EXPIRES` }) as const;
export const trashedByExpiry = (entity: string, expiresAt: string, id: string) =>
  indexEntry(trashExpiry(entity), expiresAt, id);

/** The trash list's total: the counter `COUNT#TRASH#<entity>` / `ALL` (lib/db/counter-keys.ts), moved in every move. */
export const trashCounter = (entity: string) => `TRASH#${entity}`;
