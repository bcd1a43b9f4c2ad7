/**
 * How the trash moves keep the title index (search/writes.ts): a record leaves it in the move to the trash and
 * enters it again in the restore. When a long title's postings do not fit the move's transaction, they go in a
 * step of their own at the version read, the version moving by one, as replaceIndexed does.
 */

import { SEARCH_INDEX_VERSION } from '../../shared/constants';
import { replaceRecord, type TransactItem } from '../lib/db/records';
import { enterIndexInSteps, type IndexStep, leaveIndexInSteps, recordIndexWrites } from '../search/writes';
import type { Trashable, TrashableRecord } from './trashable';

/** The index writes of `before` (undefined: not indexed) becoming `after` (undefined: leaving the index). */
export function titleIndexWrites<R extends TrashableRecord>(
  kind: Trashable<R>,
  before: R | undefined,
  after: R | undefined,
): TransactItem[] {
  const collection = kind.indexed;
  if (!collection) return [];
  return recordIndexWrites(collection, before, after);
}

/** Writes the live `record` as marked, with `index` alone, at its version; returns what was stored. */
const titleIndexStep =
  <R extends TrashableRecord>(kind: Trashable<R>): IndexStep<R> =>
  async (record, index) => {
    const stored: R = { ...record, version: record.version + 1 };
    await replaceRecord(kind.itemOf(stored), record.version, index);
    return stored;
  };

/** The live `record` out of the index, in steps of its own (a long title's postings and counters). */
export async function leaveTitleIndex<R extends TrashableRecord>(kind: Trashable<R>, record: R): Promise<R> {
  return kind.indexed ? leaveIndexInSteps(kind.indexed, record, titleIndexStep(kind)) : record;
}

/** The live `record` (stored unindexed) into the index, in steps of its own. */
export async function enterTitleIndex<R extends TrashableRecord>(kind: Trashable<R>, record: R): Promise<R> {
  return kind.indexed ? enterIndexInSteps(kind.indexed, record, titleIndexStep(kind)) : record;
}

/** How a record that entered the index with its move is marked. */
export const indexedMark = { searchIndexed: true, searchIndexVersion: SEARCH_INDEX_VERSION } as const;
