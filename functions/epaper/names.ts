/**
 * The name an e-paper edition copies (whoever added it, as of its last save), brought up to date after a user's
 * rename (functions/name-sync/): the edition item only, at the version read and without moving it. The user's
 * editions are found by their name references (EPAPER_NAMES, written with every save) and read by key.
 */
import { copiedNames, renamedField } from '../lib/db/copies';
import type { NameChange } from '../lib/renames';
import { EPAPER_NAMES, EPAPERS_BACKFILL } from './model';

const editionNames = copiedNames(EPAPER_NAMES, EPAPERS_BACKFILL, (e, change: NameChange & { kind: 'user' }) => {
  const set = e.user === change.id ? renamedField(e.userName, 'userName', change.name) : undefined;
  return set && { set };
});

/** One bounded step of bringing the editions up to date with a user's rename; go on from `next`. */
export const refreshEditionNames = editionNames.refresh;

/** Writes the name references of the editions saved before them (every edition read once): with the other backfills. */
export const listEditionNames = editionNames.listAll;
