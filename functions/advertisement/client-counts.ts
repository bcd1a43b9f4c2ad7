/**
 * Counts the ads written before the clients' ad counters (client/keys.ts, clientAdsKey) in them: a copies pass
 * (lib/db/copies.ts) over every ad, each uncounted one marked `clientCounted` and added to its client's count in one
 * transaction at the version read, without moving it. Runs where the title index's backfill runs: at `npm start`
 * (infra/local/setup.ts) and in `npm run migrate:search-index`. Ads in the trash are counted when restored.
 */
import { clientAdCountUpdate } from '../client/model';
import { type CopySource, refreshToTheEnd } from '../lib/db/copies';
import type { ItemFilter } from '../lib/db/paging';
import { ADS_BACKFILL, type AdvertisementRecord } from './repo';

const uncounted: ItemFilter = {
  expression: 'attribute_not_exists(#counted) OR #counted = :no',
  names: { '#counted': 'clientCounted' },
  values: { ':no': false },
};

const counting: CopySource<AdvertisementRecord> = {
  listing: ADS_BACKFILL.listing,
  recordOf: ADS_BACKFILL.recordOf,
  keyOf: ADS_BACKFILL.keyOf,
  filter: uncounted,
  update: (ad) =>
    ad.clientCounted
      ? undefined
      : {
          set: { clientCounted: true },
          // The ad names its client already, whether or not that client has been removed since.
          also: [clientAdCountUpdate(ad.client, 1, true)],
          condition: uncounted,
        },
};

/** Counts every ad not counted yet; returns how many were. */
export async function countAdsInClients(): Promise<number> {
  return (await refreshToTheEnd(counting)).updated;
}
