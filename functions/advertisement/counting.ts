/**
 * Sets the counters (counters.ts) of the ads saved before them: their cap's shares, run and liveness, so their
 * impressions count. A marking pass (lib/db/copies.ts) over every ad not in the trash; an ad in the trash gets them
 * from its next save after it is restored. Runs where the other ad backfills run: at `npm start`
 * (infra/local/setup.ts) and in `npm run migrate:search-index`.
 */
import { markingPass, refreshToTheEnd } from '../lib/db/copies';
import { countingWrites } from './counters';
import { ADS_BACKFILL, type AdvertisementRecord, countingOf } from './model';

const setting = markingPass<AdvertisementRecord>(ADS_BACKFILL, 'countersSet', (ad) =>
  countingWrites(ad._id, undefined, countingOf(ad), undefined),
);

/** Sets the counters of every ad without them; returns how many were set. */
export async function setAdCounters(): Promise<number> {
  return (await refreshToTheEnd(setting)).updated;
}
