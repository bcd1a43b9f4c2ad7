/**
 * Keys of the title index. A posting is one item per (term, record): in the base table under the term for the
 * All tab, and in gsi2 under (tab, term) for one status tab; both sort by `<createdAt>#<id>`, so a Query by term
 * returns matches newest first, as the lists show them. A term's counter item holds its number of records in
 * every tab (`ALL` and one attribute a tab), for exact totals without reading the matches.
 */
import { counterKey } from '../lib/db/counter-keys';

export const postingKey = (collection: string, term: string, createdAt: string, id: string) => ({
  pk: termPartition(collection, term),
  sk: `${createdAt}#${id}`,
});
export const termPartition = (collection: string, term: string) => `SRCH#${collection}#${term}`;

/** gsi2: the same posting within one tab (status). */
export const postingInTab = (collection: string, tab: string, term: string, createdAt: string, id: string) => ({
  gsi2pk: termTabPartition(collection, tab, term),
  gsi2sk: `${createdAt}#${id}`,
});
export const termTabPartition = (collection: string, tab: string, term: string) => `SRCH#${collection}#${tab}#${term}`;

export const termCounterKey = (collection: string, term: string) => counterKey(`SRCH#${collection}#${term}`, 'TERM');
/**
 * The counters of the longer prefixes of the words starting with `start` (a term of SEARCH_PREFIX_MAX
 * characters): one attribute per (prefix, tab), `<prefix>|<tab>`.
 */
export const longCounterKey = (collection: string, start: string) => counterKey(`SRCH#${collection}#${start}`, 'LONG');
export const longBucket = (prefix: string, tab: string) => `${prefix}|${tab}`;

/** The counter attribute of every record, whatever its tab. */
export const ALL_TABS = 'ALL';

/** Where the backfill (backfill.ts) keeps how far it got in a collection, so an interrupted run resumes. */
export const backfillProgressKey = (collection: string) => ({ pk: 'MIGRATION#search-index', sk: collection });
