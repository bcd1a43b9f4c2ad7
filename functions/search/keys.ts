/**
 * Keys of the title index. A posting is one item per (term, record): in the base table under the term for the
 * All tab, and in gsi2 under (tab, term) for one status tab; both sort by `<createdAt>#<id>`, so a Query by term
 * returns matches newest first, as the lists show them. A term's counter item holds its number of records in
 * every tab (`ALL` and one attribute a tab), for exact totals without reading the matches.
 */
import { counterKey } from '../lib/db/counter-keys';

/**
 * The articles' collection in the index. Named here, not in the article model, so the delivery API can search it
 * without reaching the article model's writes.
 */
export const ARTICLE_SEARCH = 'CMS';

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
 * The long counters of the words starting with `start` (a term of SEARCH_PREFIX_MAX characters): one small item
 * per key (a word, or the common prefix of two words of one title; writes.ts, `longCredits`), an attribute a tab,
 * so that summing the items whose key starts with a longer prefix gives the number of records holding a word
 * that starts with it. Items, not attributes of one item: no number of distinct words can grow one past
 * DynamoDB's 400 KB.
 */
export const longCounterPartition = (collection: string, start: string) => `COUNT#SRCH#${collection}#${start}#LONG`;
export const longCounterKey = (collection: string, start: string, key: string) => ({
  pk: longCounterPartition(collection, start),
  sk: key,
});

/**
 * A long word's posting (version 3): one small item per (long word, record) under the word's start, holding only
 * keys. Its sort key is the word's key (terms.ts, `longWordKey`), a space, then the record's place in the term's
 * postings (`<createdAt>#<id>`): the records holding a word that starts with P are one range, `begins_with(P)`,
 * however many other long words share the start. In gsi2 the same, within one tab.
 */
export const longPostingPartition = (collection: string, start: string) => `SRCH#${collection}#${start}#LONG`;
export const longPostingTabPartition = (collection: string, tab: string, start: string) =>
  `SRCH#${collection}#${tab}#${start}#LONG`;
export const longPostingSortKey = (word: string, createdAt: string, id: string) => `${word} ${createdAt}#${id}`;
/** The place (the term posting's sort key) a long posting's sort key points at. */
export const placeOfLongPosting = (sortKey: string) => sortKey.slice(sortKey.indexOf(' ') + 1);

/**
 * Set once the backfill has brought every record of a collection to a version of the terms (`version`): from
 * version 3 on, a long word's total is its own counter and its matches are read from the long postings; before,
 * the searches also read what the older rows left (query.ts).
 */
export const indexCompleteKey = (collection: string) => ({
  pk: 'MIGRATION#search-index',
  sk: `${collection}#complete`,
});

/**
 * The attribute of a start's term counter that counts, a tab, the records whose long words under that start are
 * not on the long counters (a title with very many long words): a search of such a word counts by reading.
 */
export const uncountedBucket = (tab: string) => `UNCOUNTED|${tab}`;

/** The counter attribute of every record, whatever its tab. */
export const ALL_TABS = 'ALL';

/** Where the backfill (backfill.ts) keeps how far it got in a collection, so an interrupted run resumes. */
export const backfillProgressKey = (collection: string) => ({ pk: 'MIGRATION#search-index', sk: collection });
