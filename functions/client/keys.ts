/** Keys of advertisers (clients). */
import { indexEntry } from '../lib/db/index-keys';

export const CLIENT_ENTITY = 'CLIENT';
export const clientKey = (id: string) => ({ pk: `CLIENT#${id}`, sk: 'CLIENT' });
/** gsi1: every client, newest first. */
export const CLIENTS_PARTITION = { index: 'gsi1', partition: 'CLIENT' } as const;
export const clientsByCreatedAt = (createdAt: string, id: string) => indexEntry(CLIENTS_PARTITION, createdAt, id);
