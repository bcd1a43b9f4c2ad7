/**
 * The ads readers may be shown (`PUB#ADS` / `<ad id>`): one small item an ad that is not in the trash and has not
 * ended, made from the ad by the content-changes consumer (content-changes/ads.ts) and gone a day after its end
 * (TTL) or when it leaves for the trash. What the ad-serving Lambda reads to choose an ad, and all it may read of
 * an ad: its link, its images' public addresses, where it may run; never its client, its description or its
 * creator. Whether an ad is running, capped or in the trash at the moment of a decision is read from its counters
 * (advertisement/counters.ts), which its save and the trash write in the same transaction as the ad.
 */
import type { AdPosition } from '../../shared/schemas/advertisement';
import { queryAll } from '../lib/db/paging';

export const ADS_PARTITION = 'PUB#ADS';

export const publishedAdKey = (id: string) => ({ pk: ADS_PARTITION, sk: id });

/**
 * Moved with every change of the partition (`#CHANGED`, before every ad id): a decision reads it beside its
 * candidates' counters, and reads the list again when it moved, so a new or changed ad is served at once while
 * the list itself is read only when it changes.
 */
export const adsChangedKey = () => ({ pk: ADS_PARTITION, sk: '#CHANGED' });

/** An ad as the site may be shown it. */
export interface PublishedAd {
  id: string;
  /** Its title: the alt text of its images. */
  title: string;
  position: AdPosition;
  /** The ids of the categories it targets. */
  categories: string[];
  /** Show in Home. */
  home: boolean;
  startDate: string;
  endDate: string;
  /** Its impression cap (pacing spreads it over the run; the counters enforce it). */
  cap: number;
  /** Where a click goes: the ad's stored link made absolute, or null (no link, or a site path with no site address). */
  target: string | null;
  /** Public addresses of its images by screen type (Top has both; the others a Mobile one). */
  images: { Mobile?: string; Desktop?: string };
  /** Each image's widths as a srcset (shared/renditions.ts), when it is a picture that has them. */
  srcsets?: { Mobile?: string; Desktop?: string };
}

const FIELDS = [
  'id',
  'title',
  'position',
  'categories',
  'home',
  'startDate',
  'endDate',
  'cap',
  'target',
  'images',
  'srcsets',
] as const;

export const publishedAdOf = (item: Record<string, unknown>): PublishedAd =>
  Object.fromEntries(FIELDS.map((f) => [f, item[f]])) as unknown as PublishedAd;

/** The most ads the list holds: far above what a site runs at once (the benchmark's 1,000 is a large newsroom's). */
const UNENDED_MAX = 10_000;

/**
 * The ads that have not ended by `now`: the partition read whole (its items go a day after their ad ends, so it
 * holds little more than the running ads; an ad is a few hundred bytes), the ended and the change mark left out.
 */
export async function unendedAds(now: string): Promise<PublishedAd[]> {
  const items = await queryAll<Record<string, unknown>>({ index: 'table', partition: ADS_PARTITION }, UNENDED_MAX);
  return items.filter((item) => typeof item.endDate === 'string' && item.endDate > now).map(publishedAdOf);
}
