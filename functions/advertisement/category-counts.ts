/**
 * Lists the ads written before the categories' uses items (category/keys.ts, categoryUsesKey) in them: a copies pass
 * (lib/db/copies.ts) over every ad, each uncounted one marked `categoriesCounted` and listed in its categories' items
 * in one transaction at the version read, without moving it. Runs where the clients' ad count runs: at `npm start`
 * (infra/local/setup.ts) and in `npm run migrate:search-index`. Ads in the trash are listed when restored.
 */
import { categoryUseWrites } from '../category/repo';
import { type CopySource, refreshToTheEnd } from '../lib/db/copies';
import type { ItemFilter } from '../lib/db/paging';
import { ADS_BACKFILL, type AdvertisementRecord } from './repo';

const uncounted: ItemFilter = {
  expression: 'attribute_not_exists(#counted) OR #counted = :no',
  names: { '#counted': 'categoriesCounted' },
  values: { ':no': false },
};

const counting: CopySource<AdvertisementRecord> = {
  listing: ADS_BACKFILL.listing,
  recordOf: ADS_BACKFILL.recordOf,
  keyOf: ADS_BACKFILL.keyOf,
  filter: uncounted,
  update: (ad) =>
    ad.categoriesCounted
      ? undefined
      : {
          set: { categoriesCounted: true },
          // The ad names its categories already, whether or not one has been removed since.
          also: categoryUseWrites('ad', undefined, { id: ad._id, categories: ad.categories, title: ad.title }, true),
          condition: uncounted,
        },
};

/** Lists every ad not listed yet; returns how many were. */
export async function countAdsInCategories(): Promise<number> {
  return (await refreshToTheEnd(counting)).updated;
}
