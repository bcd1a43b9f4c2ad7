/**
 * The names an ad copies (its categories', its client's and its creator's, as of its last save), brought up to
 * date after a rename (functions/name-sync/): the ad item only, at the version read and without moving it. Its
 * title-index postings hold no names (a page of results reads the ads by key).
 *
 * Cost: finding the ads of a category, client or user reads every ad with a filter (DynamoDB cannot index an
 * element of a list attribute): ads × item size / 4 KB, halved for the index's eventually consistent reads, once
 * per rename. A site holds hundreds to thousands of ads: tens of RCU.
 */
import type { CopySource, RefreshBudget } from '../lib/db/copies';
import { refreshCopies, renamedField, renamedRefs } from '../lib/db/copies';
import { containsAny, equals } from '../lib/db/paging';
import type { NameChange } from '../lib/renames';
import { ADS_BACKFILL, type AdvertisementRecord } from './repo';

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

/** Every ad once: the newest-first partition, as the index backfill walks it. */
const { listing, recordOf, keyOf } = ADS_BACKFILL;

const source = (change: NameChange): CopySource<AdvertisementRecord> => ({
  listing,
  recordOf,
  keyOf,
  filter:
    change.kind === 'category' ? containsAny('categories', [change.id]) : equals(COPIES[change.kind].id, change.id),
  update: (ad) => {
    const set = renamed(ad, change);
    return set && { set };
  },
});

/** One bounded step of bringing the ads up to date with a rename; go on from `next`. */
export const refreshAdNames = (change: NameChange, budget?: RefreshBudget) => refreshCopies(source(change), budget);
