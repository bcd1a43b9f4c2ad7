/**
 * The names an ad copies (its categories', its client's and its creator's, as of its last save), brought up to
 * date after a rename (functions/name-sync/): the ad item only, at the version read and without moving it. Its
 * title-index postings hold no names (a page of results reads the ads by key).
 *
 * Cost: the ads of a category, client or user are found by their name references (AD_NAMES, written with every
 * save) and read by key: in proportion to those ads, whatever the number of others.
 */
import { copiedNames, renamedField, renamedRefs } from '../lib/db/copies';
import type { NameChange } from '../lib/renames';
import { AD_NAMES, ADS_BACKFILL, type AdvertisementRecord } from './model';

/** The attribute holding each kind's id, and the one holding its name. */
const COPIES = {
  user: { id: 'user', name: 'userName' },
  client: { id: 'client', name: 'clientName' },
} as const;

function renamed(ad: AdvertisementRecord, change: NameChange): Partial<AdvertisementRecord> | undefined {
  if (change.kind === 'category') {
    const categoryNames = renamedRefs(ad.categoryNames, change.id, change.name);
    return categoryNames && { categoryNames };
  }
  const copy = COPIES[change.kind];
  return ad[copy.id] === change.id ? renamedField(ad[copy.name], copy.name, change.name) : undefined;
}

const adNames = copiedNames(AD_NAMES, ADS_BACKFILL, (ad, change: NameChange) => {
  const set = renamed(ad, change);
  return set && { set };
});

/** One bounded step of bringing the ads up to date with a rename; go on from `next`. */
export const refreshAdNames = adNames.refresh;

/** Writes the name references of the ads saved before them (every ad read once): with the other backfills. */
export const listAdNames = adNames.listAll;
