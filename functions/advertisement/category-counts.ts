/**
 * Lists the ads written before the categories' uses items (category/model.ts, categoryUsesKey) in them: a marking
 * pass (lib/db/copies.ts) over every ad, each one not `categoriesCounted` listed in its categories' items. Runs where
 * the clients' ad count runs: at `npm start` (infra/local/setup.ts) and in `npm run migrate:search-index`. Ads in the
 * trash are listed when restored.
 */
import { categoryUseWrites } from '../category/model';
import { markingPass, refreshToTheEnd } from '../lib/db/copies';
import { ADS_BACKFILL, type AdvertisementRecord } from './model';

// The ad names its categories already, whether or not one has been removed since.
const counting = markingPass<AdvertisementRecord>(ADS_BACKFILL, 'categoriesCounted', (ad) =>
  categoryUseWrites('ad', undefined, { id: ad._id, categories: ad.categories, title: ad.title }, true),
);

/** Lists every ad not listed yet; returns how many were. */
export async function countAdsInCategories(): Promise<number> {
  return (await refreshToTheEnd(counting)).updated;
}
