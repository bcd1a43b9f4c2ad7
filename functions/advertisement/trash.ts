/**
 * Advertisements in the trash (functions/trash/): out of the list, its counter, the running-ads index, the title
 * index, its client's ad count and its categories' uses items. It comes back only while its client and its
 * categories are not in the trash.
 */
import { nameReferenceWrites } from '../lib/db/copies';
import { counterUpdate } from '../lib/db/counters';
import { refusing } from '../trash/transaction';
import type { Trashable } from '../trash/trashable';
import { AD_ENTITY, adKey } from './keys';
import {
  AD_NAMES,
  ADS_INDEXED,
  type AdvertisementRecord,
  advertisementItem,
  categoryCountWrites,
  clientCountWrites,
} from './repo';

export const CLIENT_IN_TRASH_MESSAGE = 'The client of this advertisement is in the trash: restore the client first';
export const CATEGORY_OF_AD_IN_TRASH_MESSAGE =
  'A category of this advertisement is in the trash: restore that category first';

export const ADVERTISEMENT_TRASH: Trashable<AdvertisementRecord> = {
  entity: AD_ENTITY,
  auditType: 'advertisement',
  notFoundMessage: 'No such advertisement',
  key: adKey,
  itemOf: advertisementItem,
  indexed: ADS_INDEXED,
  titleOf: (a) => a.title,
  leaving: (a) => [
    counterUpdate(AD_ENTITY, 'ALL', -1),
    ...clientCountWrites(a, undefined),
    ...categoryCountWrites(a, undefined),
  ],
  restored: (a) => ({ ...a, clientCounted: true, namesListed: true, categoriesCounted: true }),
  returning: (a) => [
    counterUpdate(AD_ENTITY, 'ALL', 1),
    ...clientCountWrites(undefined, a).map((write) => refusing(write, CLIENT_IN_TRASH_MESSAGE)),
    ...categoryCountWrites(undefined, a).map((write) => refusing(write, CATEGORY_OF_AD_IN_TRASH_MESSAGE)),
    // Its name references stay while it is in the trash; put again, for one trashed before they existed.
    ...nameReferenceWrites(AD_NAMES, undefined, a),
  ],
  purging: (a) => nameReferenceWrites(AD_NAMES, a, undefined),
};
