/**
 * The index changes of one record's write, for the caller to put in the same transaction as the record: a
 * posting Put per current term (the postings carry the list's row fields, so they are refreshed on every
 * write), a Delete per term the record left, and counter moves where a term's membership or tab changed.
 */
import { tableName } from '../lib/db/client';
import { deleteItem, type TransactItem } from '../lib/db/records';
import { ALL_TABS, postingInTab, postingKey, termCounterKey } from './keys';
import { indexTerms } from './terms';

/** A record as the index sees it. */
export interface SearchEntry {
  id: string;
  createdAt: string;
  /** Its tab (an article's status); none for a collection without tabs. */
  tab?: string;
  title: string;
  /** What a list row shows, stored in every posting so that a page of results is one Query. */
  fields: Record<string, unknown>;
}

function counterMove(collection: string, term: string, deltas: Record<string, number>): TransactItem {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  return {
    Update: {
      TableName: tableName(),
      Key: termCounterKey(collection, term),
      UpdateExpression: `ADD ${entries.map((_, i) => `#b${i} :d${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([bucket], i) => [`#b${i}`, bucket])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, delta], i) => [`:d${i}`, delta])),
    },
  };
}

/** The buckets a record in `tab` counts in, with `sign`. */
const buckets = (tab: string | undefined, sign: number): Record<string, number> =>
  tab === undefined ? { [ALL_TABS]: sign } : { [ALL_TABS]: sign, [tab]: sign };

function sum(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** The terms a stored record is indexed under (none when it is not indexed yet). */
export const termsOfEntry = (entry: SearchEntry | undefined) => (entry ? indexTerms(entry.title) : []);

/**
 * The writes that move the index from `before` (undefined: not indexed) to `after` (undefined: removed).
 * `createdAt` and `id` never change, so a posting's key is the same before and after.
 */
export function searchIndexWrites(
  collection: string,
  before: SearchEntry | undefined,
  after: SearchEntry | undefined,
): TransactItem[] {
  const old = new Set(termsOfEntry(before));
  const next = new Set(termsOfEntry(after));
  const writes: TransactItem[] = [];
  for (const term of next) {
    const entry = after as SearchEntry;
    writes.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...postingKey(collection, term, entry.createdAt, entry.id),
          ...(entry.tab === undefined ? {} : postingInTab(collection, entry.tab, term, entry.createdAt, entry.id)),
          ...entry.fields,
        },
      },
    });
    const deltas = sum(old.has(term) ? buckets(before?.tab, -1) : {}, buckets(entry.tab, 1));
    if (Object.values(deltas).some((d) => d !== 0)) writes.push(counterMove(collection, term, deltas));
  }
  for (const term of old) {
    if (next.has(term)) continue;
    const entry = before as SearchEntry;
    writes.push(deleteItem(postingKey(collection, term, entry.createdAt, entry.id)));
    writes.push(counterMove(collection, term, buckets(entry.tab, -1)));
  }
  return writes;
}
