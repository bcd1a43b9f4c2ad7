/**
 * A record of which there is one (the site's settings, the home page's layout): one item under a fixed key, with no
 * list, index or counter, so `defineEntity`'s operations mostly do not apply. Its model declares the key once; the
 * reads are consistent (a save reads the version it writes at) and the writes are those of every record
 * (records.ts): the first one only while the key is free, later ones only over the version read.
 */
import type { ItemFilter } from './item-filter';
import { getRecord, insertRecord, replaceRecord } from './records';

type ItemKey = { pk: string; sk: string };

export interface Singleton<R extends { version: number }> {
  key: ItemKey;
  /** The stored item: the key, then the record. */
  itemOf: (record: R) => Record<string, unknown>;
  get: () => Promise<R | undefined>;
  /** Writes the first record; 409 with `takenMessage` when there is one already. */
  insert: (record: R) => Promise<void>;
  /**
   * Replaces the record stored at `expectedVersion` (409 stale otherwise, nothing written); `guard` is a further
   * condition on the stored item, failing the same way.
   */
  replace: (next: R, expectedVersion: number, guard?: ItemFilter) => Promise<void>;
}

export function defineSingleton<R extends { version: number }>(spec: {
  key: ItemKey;
  takenMessage: string;
}): Singleton<R> {
  const itemOf = (record: R) => ({ ...spec.key, ...record });
  return {
    key: spec.key,
    itemOf,
    get: () => getRecord<R>(spec.key, true),
    insert: (record) => insertRecord(itemOf(record), [], spec.takenMessage),
    replace: (next, expectedVersion, guard) => replaceRecord(itemOf(next), expectedVersion, [], undefined, guard),
  };
}
