/**
 * The name an e-paper edition copies (whoever added it, as of its last save), brought up to date after a user's
 * rename (functions/name-sync/): the edition item only, at the version read and without moving it. Editions are
 * found by reading every edition with a filter: a few thousand at most, tens of RCU once per rename.
 */
import { type RefreshBudget, refreshCopies, renamedField } from '../lib/db/copies';
import { equals } from '../lib/db/paging';
import { withoutKeys } from '../lib/db/records';
import type { NameChange } from '../lib/renames';
import { EPAPERS_PARTITION, epaperKey } from './keys';
import type { EpaperRecord } from './repo';

/** One bounded step of bringing the editions up to date with a user's rename; go on from `next`. */
export const refreshEditionNames = (change: NameChange & { kind: 'user' }, budget?: RefreshBudget) =>
  refreshCopies<EpaperRecord>(
    {
      listing: EPAPERS_PARTITION,
      recordOf: (item) => withoutKeys<EpaperRecord>(item),
      keyOf: (e) => epaperKey(e._id),
      filter: equals('user', change.id),
      update: (e) => {
        const set = e.user === change.id ? renamedField(e.userName, 'userName', change.name) : undefined;
        return set && { set };
      },
    },
    budget,
  );
