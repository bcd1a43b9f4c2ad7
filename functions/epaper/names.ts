/**
 * The name an e-paper edition copies (whoever added it, as of its last save), brought up to date after a user's
 * rename (functions/name-sync/): the edition item only, at the version read and without moving it. The user's
 * editions are found by their name references (EPAPER_NAMES, written with every save) and read by key.
 */
import { listNamesOfAll, type RefreshBudget, referencedRows, refreshCopies, renamedField } from '../lib/db/copies';
import type { NameChange } from '../lib/renames';
import { EPAPER_NAMES, EPAPERS_BACKFILL } from './model';

const { recordOf, keyOf } = EPAPERS_BACKFILL;

/** One bounded step of bringing the editions up to date with a user's rename; go on from `next`. */
export const refreshEditionNames = (change: NameChange & { kind: 'user' }, budget?: RefreshBudget) =>
  refreshCopies(
    referencedRows(EPAPER_NAMES, change, {
      recordOf,
      keyOf,
      update: (e) => {
        const set = e.user === change.id ? renamedField(e.userName, 'userName', change.name) : undefined;
        return set && { set };
      },
    }),
    budget,
  );

/** Writes the name references of the editions saved before them (every edition read once): with the other backfills. */
export const listEditionNames = () => listNamesOfAll(EPAPER_NAMES, EPAPERS_BACKFILL);
