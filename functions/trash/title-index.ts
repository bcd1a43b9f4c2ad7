/**
 * How the trash moves keep the title index (search/writes.ts): a record leaves it in the move to the trash and
 * enters it again in the restore. When a long title's postings do not fit the move's transaction, they go in a
 * step of their own at the version read, the version moving by one, as replaceIndexed does.
 */
import { replaceRecord, type TransactItem } from '../lib/db/records';
import { searchIndexWrites } from '../search/writes';
import type { Trashable, TrashableRecord } from './trashable';

/** The index writes of `before` (undefined: not indexed) becoming `after` (undefined: leaving the index). */
export function titleIndexWrites<R extends TrashableRecord>(
  kind: Trashable<R>,
  before: R | undefined,
  after: R | undefined,
): TransactItem[] {
  const collection = kind.indexed;
  if (!collection) return [];
  return searchIndexWrites(
    collection.name,
    before?.searchIndexed ? collection.entryOf(before) : undefined,
    after && collection.entryOf(after),
  );
}

/** The live `record` marked `searchIndexed`, written with `index` alone at its version; returns what was stored. */
export async function titleIndexStep<R extends TrashableRecord>(
  kind: Trashable<R>,
  record: R,
  searchIndexed: boolean,
  index: TransactItem[],
): Promise<R> {
  const stored: R = { ...record, searchIndexed, version: record.version + 1 };
  await replaceRecord(kind.itemOf(stored), record.version, index);
  return stored;
}
