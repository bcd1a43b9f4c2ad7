/**
 * Advertisements in the trash (functions/trash/): out of the list, its counter, the running-ads index, the title
 * index and its client's ad count. It comes back only while its client is not in the trash.
 */
import { counterUpdate } from '../lib/db/counters';
import { refusing } from '../trash/transaction';
import type { Trashable } from '../trash/trashable';
import { AD_ENTITY, adKey } from './keys';
import { ADS_INDEXED, type AdvertisementRecord, advertisementItem, clientCountWrites } from './repo';

export const CLIENT_IN_TRASH_MESSAGE = 'The client of this advertisement is in the trash: restore the client first';

export const ADVERTISEMENT_TRASH: Trashable<AdvertisementRecord> = {
  entity: AD_ENTITY,
  auditType: 'advertisement',
  notFoundMessage: 'No such advertisement',
  key: adKey,
  itemOf: advertisementItem,
  indexed: ADS_INDEXED,
  titleOf: (a) => a.title,
  leaving: (a) => [counterUpdate(AD_ENTITY, 'ALL', -1), ...clientCountWrites(a, undefined)],
  restored: (a) => ({ ...a, clientCounted: true }),
  returning: (a) => [
    counterUpdate(AD_ENTITY, 'ALL', 1),
    ...clientCountWrites(undefined, a).map((write) => refusing(write, CLIENT_IN_TRASH_MESSAGE)),
  ],
  purging: () => [],
};
