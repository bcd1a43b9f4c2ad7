/**
 * Clients in the trash (functions/trash/). Refused while ads name it: its ad counter (keys.ts, clientAdsKey) must
 * be at zero, and the move closes it in the same transaction, so no ad can name it afterwards. The closed counter
 * stays after it is deleted for good, so an ad in the trash that named it cannot be restored.
 */
import { CLIENT_HAS_ADS_MESSAGE } from '../../shared/schemas/trash';
import { counterUpdate } from '../lib/db/counters';
import { closeCounter, reopenCounter } from '../trash/reference-guards';
import type { Trashable } from '../trash/trashable';
import { CLIENT_ADS_COUNT, CLIENT_CLOSED, CLIENT_ENTITY, clientAdsKey, clientKey } from './keys';
import { type ClientRecord, clientItem } from './repo';

export const CLIENT_TRASH: Trashable<ClientRecord> = {
  entity: CLIENT_ENTITY,
  auditType: 'client',
  ownership: { resource: 'Client', ownerOf: (c) => c.createdBy, noun: 'clients' },
  notFoundMessage: 'No such client',
  key: clientKey,
  itemOf: clientItem,
  titleOf: (c) => c.name,
  leaving: (c) => [
    counterUpdate(CLIENT_ENTITY, 'ALL', -1),
    closeCounter(clientAdsKey(c._id), CLIENT_ADS_COUNT, CLIENT_CLOSED, CLIENT_HAS_ADS_MESSAGE),
  ],
  returning: (c) => [counterUpdate(CLIENT_ENTITY, 'ALL', 1), reopenCounter(clientAdsKey(c._id), CLIENT_CLOSED)],
  purging: () => [],
};
