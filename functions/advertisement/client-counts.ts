/**
 * Counts the ads written before the clients' ad counters (client/model.ts, clientAdsKey) in them: a marking pass
 * (lib/db/copies.ts) over every ad, each one not `clientCounted` added to its client's count. Runs where the title
 * index's backfill runs: at `npm start` (infra/local/setup.ts) and in `npm run migrate:search-index`. Ads in the
 * trash are counted when restored.
 */
import { clientAdCountUpdate } from '../client/model';
import { markingPass, refreshToTheEnd } from '../lib/db/copies';
import { ADS_BACKFILL, type AdvertisementRecord } from './model';

// The ad names its client already, whether or not that client has been removed since.
const counting = markingPass<AdvertisementRecord>(ADS_BACKFILL, 'clientCounted', (ad) => [
  clientAdCountUpdate(ad.client, 1, true),
]);

/** Counts every ad not counted yet; returns how many were. */
export async function countAdsInClients(): Promise<number> {
  return (await refreshToTheEnd(counting)).updated;
}
