/**
 * Advertisements, as stored: one item an ad (`AD#<id>` / `AD`), listed newest first in gsi1 and by end date in gsi2
 * (`AD#END`: the running ads and the date filter), counted in `COUNT#AD`; its title in the title index (collection
 * `AD`); its name references (`ADNAME#`), which a rename of its categories, client or creator reads; and its place
 * in its client's ad count and its categories' uses items, so neither can be removed while it names them.
 */
import { MAX_AD_CATEGORY_CHANGES } from '../../shared/constants';
import type { AdImage, AdPosition } from '../../shared/schemas/advertisement';
import type { NamedRef } from '../../shared/schemas/common';
import { type CategoryUser, categoryUseWrites } from '../category/model';
import { clientAdCountUpdate } from '../client/model';
import { type Named, type NameReferences, nameReferenceWrites } from '../lib/db/copies';
import { readCounter } from '../lib/db/counters';
import { defineEntity } from '../lib/db/entity';
import { type ItemFilter, queryFiltered } from '../lib/db/paging';
import type { TransactItem } from '../lib/db/records';
import { badRequest } from '../lib/errors';
import { recordsIn } from '../search/backfill';
import { searchByKey } from '../search/query';
import { type IndexedCollection, type IndexedRecord, insertIndexed, replaceIndexed } from '../search/writes';
import { refusing } from '../trash/transaction';
import { trashableEntity } from '../trash/trashable';
import {
  type CountingState,
  countingWrites,
  isCounterWrite,
  livenessWrites,
  purgeWrites,
  type ShardTotal,
} from './counters';

export interface AdvertisementRecord extends IndexedRecord {
  _id: string;
  title: string;
  /** Lower-case, accent-free title for the list's search. */
  searchTitle: string;
  description: string;
  url: string;
  client: string;
  /** Client and category names as of the last save (the list shows them without extra reads). */
  clientName: string;
  categories: string[];
  categoryNames: NamedRef[];
  maxImpressionAllowed: number;
  startDate: string;
  endDate: string;
  position: AdPosition;
  images: AdImage[];
  isFeatured: boolean;
  /** The creator (Added By) and their name. */
  user: string;
  userName: string;
  createdAt: string;
  updatedAt: string;
  /** Whether its client's ad counter counts it (ads from before the counter wait for the backfill: client-counts.ts). */
  clientCounted?: boolean;
  /** Whether its name references are written (AD_NAMES; ads from before them wait for the backfill: names.ts). */
  namesListed?: boolean;
  /** Whether its categories' uses items list it (ads from before them wait for the count: category-uses.ts). */
  categoriesCounted?: boolean;
  /** Whether its counters hold its cap and run (counters.ts; ads from before them wait for the backfill: counting.ts). */
  countersSet?: boolean;
}

export const AD_NOT_FOUND = 'No such advertisement';

export const adModel = /* @__PURE__ */ defineEntity<AdvertisementRecord>({
  name: 'AD',
  indexes: {
    gsi1: { partition: 'AD', sortBy: (a) => a.createdAt },
    // Ads by end date: those still running or running on a day are a range of it (ends at or after the day).
    gsi2: { partition: 'AD#END', sortBy: (a) => a.endDate },
  },
  takenMessage: 'This advertisement already exists',
});

/** An ad's item key. */
export const adKey = adModel.key;
const ADS_PARTITION = adModel.listing('gsi1');
const ADS_BY_END = adModel.listing('gsi2');

/**
 * Name references (lib/db/copies.ts): the ads that copy a category's, a client's or a user's name, one item per ad
 * in a partition of that record, written in the ad's transaction. A rename Queries it.
 */
const adsNaming = (named: Named) => ({
  index: 'table' as const,
  partition: `ADNAME#${named.kind.toUpperCase()}#${named.id}`,
});

/**
 * Ads in the title index. Their postings hold only what the search filters on: a page of results is then read
 * by key, so the views and clicks the site counts on the ad item are never shown stale.
 */
export const ADS_INDEXED: IndexedCollection<AdvertisementRecord> = {
  name: adModel.name,
  itemOf: adModel.itemOf,
  entryOf: (a) => ({
    id: a._id,
    createdAt: a.createdAt,
    title: a.title,
    fields: {
      _id: a._id,
      searchTitle: a.searchTitle,
      categories: a.categories,
      startDate: a.startDate,
      endDate: a.endDate,
    },
  }),
};

/** What the index backfill walks: every ad once, newest-first partition. */
export const ADS_BACKFILL = /* @__PURE__ */ recordsIn(ADS_INDEXED, ADS_PARTITION, adKey);

/**
 * The records whose names an ad copies (its categories, its client, its creator), listed by name references
 * (lib/db/copies.ts) so that a rename reads only their ads; moved by every write of the ad.
 */
export const AD_NAMES: NameReferences<AdvertisementRecord> = {
  namedBy: (a) => [
    ...a.categories.map((id) => ({ kind: 'category' as const, id })),
    ...(a.client ? [{ kind: 'client' as const, id: a.client }] : []),
    ...(a.user ? [{ kind: 'user' as const, id: a.user }] : []),
  ],
  partition: adsNaming,
  key: (named, adId) => ({ pk: adsNaming(named).partition, sk: adId }),
  rowKeyOf: (reference) => adKey(String(reference.sk)),
};

export const getAdvertisement = (id: string) => adModel.get(id, true);

export const listAdvertisements = (page: number, limit: number) => adModel.page(page, limit);

/** Ads whose running window [startDate, endDate] meets the range. */
const runningIn = (range: { from: string; to: string }): ItemFilter => ({
  expression: '#end >= :rangeStart AND #start <= :rangeEnd',
  names: { '#start': 'startDate', '#end': 'endDate' },
  values: { ':rangeStart': range.from, ':rangeEnd': range.to },
});

/**
 * A filtered page with its exact total. With title words, the title index is read (functions/search/) and the
 * page's ads by key. Otherwise, with a date range, only ads ending at or after its start are read (a key range
 * of the end-date index) and those starting after its end are filtered out; without one, all ads.
 */
export async function filterAdvertisements(
  range: { from: string; to: string } | undefined,
  words: readonly string[],
  filters: ItemFilter[],
  page: number,
  limit: number,
) {
  if (words.length) {
    return searchByKey<AdvertisementRecord>(
      { collection: adModel.name, words, filters: range ? [...filters, runningIn(range)] : filters, page, limit },
      adKey,
    );
  }
  const query = range
    ? {
        ...ADS_BY_END,
        from: range.from,
        filters: [
          ...filters,
          { expression: '#start <= :rangeEnd', names: { '#start': 'startDate' }, values: { ':rangeEnd': range.to } },
        ],
      }
    : { ...ADS_PARTITION, filters };
  const { list, total } = await queryFiltered<Record<string, unknown>>(query, page, limit);
  return { list: list.map(adModel.recordOf), total };
}

/** How many ads exist (the list's counter). */
export const countAdvertisements = () => readCounter(adModel.name);

/** Ads running at `now`: those ending after it (soonest first) that have started. */
export async function runningAdvertisements(now: string, limit: number) {
  // Ads not yet ended are few (a site runs tens at a time): the whole range is read and filtered.
  const { list } = await queryFiltered<Record<string, unknown>>(
    {
      ...ADS_BY_END,
      from: now,
      ascending: true,
      filters: [{ expression: '#start <= :now', names: { '#start': 'startDate' }, values: { ':now': now } }],
    },
    1,
    limit,
  );
  return list.map(adModel.recordOf);
}

/**
 * The moves of the clients' ad counters (client/model.ts, clientAdsKey) from `before` (undefined: not counted, e.g.
 * new or in the trash) to `after` (undefined: leaving, e.g. to the trash); `after` counts once written, so its
 * item must say `clientCounted: true`. Naming a client fails while it is in the trash: CLIENT_CLOSED_MESSAGE.
 */
export function clientCountWrites(
  before: AdvertisementRecord | undefined,
  after: AdvertisementRecord | undefined,
): TransactItem[] {
  const leaving = before?.clientCounted ? before.client : undefined;
  const joining = after?.client;
  if (leaving === joining) return [];
  return [
    ...(leaving ? [clientAdCountUpdate(leaving, -1)] : []),
    ...(joining ? [clientAdCountUpdate(joining, 1)] : []),
  ];
}

export const CLIENT_CLOSED_MESSAGE = 'The client was removed meanwhile: choose another';
export const CATEGORY_CLOSED_MESSAGE = 'A category of this advertisement was removed meanwhile: choose another';
/** A new ad's failed condition: its client or one of its categories went to the trash meanwhile. */
const REFERENCE_CLOSED_MESSAGE = 'Its client or one of its categories was removed meanwhile: choose another';

/** An ad as the categories it targets see it (category/model.ts, categoryUsesKey): named by its title. */
const adAsUser = (a: AdvertisementRecord): CategoryUser => ({ id: a._id, categories: a.categories, title: a.title });

/**
 * The moves of the categories' uses items from `before` (undefined: not counted, e.g. new or in the trash) to `after`
 * (undefined: leaving, e.g. to the trash); `after` counts once written, so its item must say `categoriesCounted:
 * true`. Naming a category fails while it is in the trash: CATEGORY_CLOSED_MESSAGE.
 */
export function categoryCountWrites(before: AdvertisementRecord | undefined, after: AdvertisementRecord | undefined) {
  const writes = categoryUseWrites(
    'ad',
    before?.categoriesCounted ? adAsUser(before) : undefined,
    after && adAsUser(after),
  );
  if (before && after && writes.length > MAX_AD_CATEGORY_CHANGES) {
    throw badRequest(
      `A save can add or take out at most ${MAX_AD_CATEGORY_CHANGES} of an advertisement’s categories: save it in steps`,
    );
  }
  return writes;
}

/** What its counters need of an ad that is not in the trash. */
export const countingOf = (a: AdvertisementRecord): CountingState => ({
  cap: a.maxImpressionAllowed,
  startDate: a.startDate,
  endDate: a.endDate,
  live: true,
});

/** A save's counter write failed its condition: an impression was counted between the read and the write. */
export const COUNTS_MOVED_MESSAGE = 'Impressions were being counted as you saved: save again';

const isCategoryUse = (item: TransactItem | undefined) =>
  String(item?.Update?.Key?.pk ?? '').startsWith('COUNT#CATEGORY-USES#');

/** Writes a new ad, counted in its client's ads, with its name references (returns what was stored). */
export function insertAdvertisement(a: AdvertisementRecord) {
  const counted: AdvertisementRecord = {
    ...a,
    clientCounted: true,
    namesListed: true,
    categoriesCounted: true,
    countersSet: true,
  };
  return insertIndexed(
    ADS_INDEXED,
    counted,
    [
      adModel.counted(1),
      ...clientCountWrites(undefined, counted),
      ...categoryCountWrites(undefined, counted),
      ...nameReferenceWrites(AD_NAMES, undefined, counted),
      ...countingWrites(a._id, undefined, countingOf(counted), undefined),
    ],
    REFERENCE_CLOSED_MESSAGE,
  );
}

/**
 * Replaces `current` by `next` at the version read (409 when stale), its counters moved from `shards` (read
 * consistently just before: a count that moved since fails the write with COUNTS_MOVED_MESSAGE); returns what was
 * stored.
 */
export function replaceAdvertisement(
  current: AdvertisementRecord,
  next: AdvertisementRecord,
  shards: readonly ShardTotal[] | undefined,
) {
  const counted: AdvertisementRecord = {
    ...next,
    clientCounted: true,
    namesListed: true,
    categoriesCounted: true,
    countersSet: true,
  };
  return replaceIndexed(
    ADS_INDEXED,
    current,
    counted,
    [
      ...clientCountWrites(current, counted),
      ...categoryCountWrites(current, counted),
      ...nameReferenceWrites(AD_NAMES, current, counted),
      ...countingWrites(
        current._id,
        current.countersSet ? countingOf(current) : undefined,
        countingOf(counted),
        shards,
      ),
    ],
    (failed) =>
      isCounterWrite(failed)
        ? COUNTS_MOVED_MESSAGE
        : isCategoryUse(failed)
          ? CATEGORY_CLOSED_MESSAGE
          : CLIENT_CLOSED_MESSAGE,
  );
}

export const CLIENT_IN_TRASH_MESSAGE = 'The client of this advertisement is in the trash: restore the client first';
export const CATEGORY_OF_AD_IN_TRASH_MESSAGE =
  'A category of this advertisement is in the trash: restore that category first';

/**
 * In the trash: out of the list, its counter, the running-ads index, the title index, its client's ad count and its
 * categories' uses items, and not counted (its counters are kept for its reports, and go when it is purged). It comes back only while its client and its categories are not in the trash.
 */
export const ADVERTISEMENT_TRASH = /* @__PURE__ */ trashableEntity(adModel, {
  auditType: 'advertisement',
  notFoundMessage: AD_NOT_FOUND,
  indexed: ADS_INDEXED,
  titleOf: (a) => a.title,
  leaving: (a) => [
    ...clientCountWrites(a, undefined),
    ...categoryCountWrites(a, undefined),
    ...livenessWrites(a._id, false),
  ],
  restored: (a) => ({ ...a, clientCounted: true, namesListed: true, categoriesCounted: true }),
  returning: (a) => [
    ...clientCountWrites(undefined, a).map((write) => refusing(write, CLIENT_IN_TRASH_MESSAGE)),
    ...categoryCountWrites(undefined, a).map((write) => refusing(write, CATEGORY_OF_AD_IN_TRASH_MESSAGE)),
    // Its name references stay while it is in the trash; put again, for one trashed before they existed.
    ...nameReferenceWrites(AD_NAMES, undefined, a),
    ...livenessWrites(a._id, true),
  ],
  purging: (a) => [...nameReferenceWrites(AD_NAMES, a, undefined), ...purgeWrites(a._id)],
});
