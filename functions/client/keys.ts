/** Keys of advertisers (clients). */
import { counterKey } from '../lib/db/counter-keys';
import { indexEntry } from '../lib/db/index-keys';

export const CLIENT_ENTITY = 'CLIENT';
export const clientKey = (id: string) => ({ pk: `CLIENT#${id}`, sk: 'CLIENT' });
/** gsi1: every client, newest first. */
export const CLIENTS_PARTITION = { index: 'gsi1', partition: 'CLIENT' } as const;
export const clientsByCreatedAt = (createdAt: string, id: string) => indexEntry(CLIENTS_PARTITION, createdAt, id);

/**
 * How many ads outside the trash name a client (attribute `ads`), moved by every ad write (advertisement/repo.ts).
 * Removing a client needs it at zero and sets `closed` in the same transaction; an ad write adds to it only while
 * `closed` is absent, so no ad can name a client in the trash (or one deleted for good: the item stays closed).
 */
export const clientAdsKey = (id: string) => counterKey(`CLIENT-ADS#${id}`, 'ADS');
export const CLIENT_ADS_COUNT = 'ads';
export const CLIENT_CLOSED = 'closed';
