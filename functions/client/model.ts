/**
 * Clients (advertisers), as stored: one item a client (`CLIENT#<id>` / `CLIENT`), listed newest first in gsi1,
 * counted in `COUNT#CLIENT`, and the number of ads naming it (`clientAdsKey`), which the trash reads.
 */
import type { Client } from '../../shared/schemas/client';
import { CLIENT_HAS_ADS_MESSAGE } from '../../shared/schemas/trash';
import { counterKey } from '../lib/db/counter-keys';
import { counterMove } from '../lib/db/counters';
import { defineEntity } from '../lib/db/entity';
import type { TransactItem } from '../lib/db/records';
import { closeCounter, reopenCounter } from '../trash/model';
import { trashableEntity } from '../trash/trashable';

export interface ClientRecord extends Client {
  /** Who added it: Edit:own lets them edit their own clients. */
  createdBy: string;
}

export const CLIENT_NOT_FOUND = 'No such client';

export const clientModel = /* @__PURE__ */ defineEntity<ClientRecord>({
  name: 'CLIENT',
  indexes: { gsi1: { partition: 'CLIENT', sortBy: (c) => c.createdAt } },
  takenMessage: 'This client already exists',
});

/**
 * How many ads outside the trash name a client (attribute `ads`), moved by every ad write (advertisement/model.ts).
 * Removing a client needs it at zero and sets `closed` in the same transaction; an ad write adds to it only while
 * `closed` is absent, so no ad can name a client in the trash (or one deleted for good: the item stays closed).
 */
export const clientAdsKey = (id: string) => counterKey(`CLIENT-ADS#${id}`, 'ADS');
const CLIENT_ADS_COUNT = 'ads';
const CLIENT_CLOSED = 'closed';

/**
 * Adds `delta` to the number of ads naming the client, in the ad's transaction. An addition fails while the client
 * is in the trash or deleted, unless `evenIfClosed` (the count of ads from before the counter, which name it
 * already).
 */
export function clientAdCountUpdate(clientId: string, delta: number, evenIfClosed = false): TransactItem {
  return counterMove(
    clientAdsKey(clientId),
    CLIENT_ADS_COUNT,
    delta,
    delta > 0 && !evenIfClosed ? CLIENT_CLOSED : undefined,
  );
}

/**
 * In the trash: refused while ads name it (its ad counter must be at zero), and the move closes that counter in
 * the same transaction, so no ad can name it afterwards. The closed counter stays after it is deleted for good, so
 * an ad in the trash that named it cannot be restored.
 */
export const CLIENT_TRASH = /* @__PURE__ */ trashableEntity(clientModel, {
  auditType: 'client',
  ownership: { resource: 'Client', ownerOf: (c) => c.createdBy, noun: 'clients' },
  notFoundMessage: CLIENT_NOT_FOUND,
  titleOf: (c) => c.name,
  leaving: (c) => [closeCounter(clientAdsKey(c._id), CLIENT_ADS_COUNT, CLIENT_CLOSED, CLIENT_HAS_ADS_MESSAGE)],
  returning: (c) => [reopenCounter(clientAdsKey(c._id), CLIENT_CLOSED)],
});
