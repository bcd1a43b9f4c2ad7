/**
 * Seeding for infra/bench/ads.ts: running ads written by the advertisement model's own insert
 * (functions/advertisement/model.ts insertAdvertisement), so each is stored exactly as POST /advertisement stores
 * it (the ad, its list and end-date index entries, its counter shards, its client's and categories' counts, its name
 * references, its title postings), only without the HTTP round trip and the checks the route makes first: the
 * client, the categories and the images are made through the API beforehand, so those checks would pass.
 */
import { insertAdvertisement } from '../../functions/advertisement/model';
import { firstVersion } from '../../functions/lib/db/records';
import { newId } from '../../functions/lib/ids';
import { searchable } from '../../functions/lib/text';
import { AD_POSITIONS } from '../../shared/constants';
import { type AdPosition, imagesForPosition } from '../../shared/schemas/advertisement';

/** Several ads' transactions in flight: they share the client's and the categories' count items, so not many. */
const IN_FLIGHT = 4;
const DAY_MS = 86_400_000;

export interface SeedRefs {
  client: { _id: string; name: string };
  categories: { _id: string; name: string }[];
  /** Verified `ad-image` uploads: one shown on phones, one on desktops (Top ads carry both). */
  images: { mobile: string; desktop: string };
  user: { _id: string; name: string };
}

/** What was seeded, to check the decisions against. */
export interface SeededAds {
  ids: string[];
  byPosition: Map<AdPosition, number>;
  home: number;
}

/** A small deterministic generator, so every run seeds the same mix. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * `count` ads running from now for one to five weeks, spread evenly over the positions, each targeting one or two
 * of the categories, three in ten shown in Home, with caps far above what the benchmark shows them (nothing it
 * measures should be held back by pacing).
 */
export async function seedAds(count: number, refs: SeedRefs): Promise<SeededAds> {
  const next = random(20_261_128);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const now = Date.now();
  const seeded: SeededAds = { ids: [], byPosition: new Map(), home: 0 };
  const records = Array.from({ length: count }, (_, n) => {
    const position = AD_POSITIONS[n % AD_POSITIONS.length] as AdPosition;
    const first = pick(refs.categories);
    const second = next() < 0.5 ? pick(refs.categories) : first;
    const categories = [...new Map([first, second].map((c) => [c._id, c])).values()];
    const title = `Bench offer ${n + 1}`;
    const created = new Date(now).toISOString();
    const home = next() < 0.3;
    seeded.byPosition.set(position, (seeded.byPosition.get(position) ?? 0) + 1);
    if (home) seeded.home++;
    return {
      _id: newId(),
      title,
      searchTitle: searchable(title),
      description: '',
      url: `https://advertiser.example/offer-${n + 1}`,
      client: refs.client._id,
      clientName: refs.client.name,
      categories: categories.map((c) => c._id),
      categoryNames: categories.map((c) => ({ _id: c._id, name: c.name })),
      maxImpressionAllowed: 100_000 + Math.floor(next() * 900_000),
      startDate: created,
      endDate: new Date(now + (7 + Math.floor(next() * 28)) * DAY_MS).toISOString(),
      position,
      images: imagesForPosition(position, [
        { screenType: 'Mobile', file: refs.images.mobile },
        { screenType: 'Desktop', file: refs.images.desktop },
      ]),
      isFeatured: home,
      user: refs.user._id,
      userName: refs.user.name,
      ...firstVersion(created),
    };
  });
  let at = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (at < records.length) {
        const record = records[at++];
        if (record) seeded.ids.push((await insertAdvertisement(record))._id);
      }
    }),
  );
  return seeded;
}
