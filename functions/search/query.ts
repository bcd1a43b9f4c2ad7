/**
 * Title search over the index (terms.ts, writes.ts). Every searched word's exact number of matches is read from
 * the counters first (one BatchGet, and a Query of the long counters for a word longer than the indexed
 * prefixes). One word and no other filter: a page is one Query of its postings, newest
 * first (a word longer than the indexed prefixes reads its start's postings until the page is full), and its
 * counter is the total. Several words, or other filters: the rarest word's postings are read and each is checked
 * for the other words and filters, so the cost follows the rarest word's matches, never the archive.
 */
import { SEARCH_LONG_PREFIX_MAX } from '../../shared/constants';
import { type ItemFilter, type PartitionQuery, queryFiltered, queryPageAt, sumOverPrefix } from '../lib/db/paging';
import { batchGet, withoutKeys } from '../lib/db/reads';
import {
  ALL_TABS,
  longCounterPartition,
  termCounterKey,
  termPartition,
  termTabPartition,
  uncountedBucket,
} from './keys';
import { indexedPrefix, isLongWord, titleMatches } from './terms';

export interface SearchRequest {
  collection: string;
  /** One tab (status); none for All. */
  tab?: string;
  /** The words to find, from searchWords(): each matches a title word starting with it. */
  words: readonly string[];
  /** Created-date bounds (ISO instants, inclusive). */
  from?: string;
  to?: string;
  /** Conditions on the postings' row fields (type, categories …), applied by DynamoDB. */
  filters?: ItemFilter[];
  page: number;
  limit: number;
  /** A neighbouring page's cursor: used when the page is read by key (one word, no other filter). */
  cursor?: string;
}

export interface SearchResult {
  /** The postings' row fields, newest first. */
  list: Record<string, unknown>[];
  total: number;
  next?: string;
  prev?: string;
}

/** The field of a posting holding the folded title the check reads. */
export const SEARCH_TITLE_FIELD = 'searchTitle';

const partitionOf = (request: SearchRequest, term: string): PartitionQuery =>
  request.tab === undefined
    ? { index: 'table', partition: termPartition(request.collection, term) }
    : { index: 'gsi2', partition: termTabPartition(request.collection, request.tab, term) };

interface WordCount {
  /** How many records of the tab hold a word starting with it; undefined when only reading can tell. */
  exact?: number;
  /** What bounds it from above: how many hold a word with its start (its indexed prefix). */
  bound: number;
}

const numberAt = (item: Record<string, unknown> | undefined, attribute: string) => {
  const value = item?.[attribute];
  return typeof value === 'number' ? Math.max(0, value) : 0;
};

/**
 * Every word's count: its term's counter (one BatchGet for all words), and for a word longer than the indexed
 * prefixes the sum of its start's long counters whose key starts with it (one Query each, beside the BatchGet).
 * A long word is counted only by reading when it is longer than the counted prefixes, or when some title's long
 * words under its start are not on the counters (terms.ts, `longCredits`).
 */
async function wordCounts(request: SearchRequest): Promise<Map<string, WordCount>> {
  const bucket = request.tab ?? ALL_TABS;
  const counted = (word: string) => isLongWord(word) && Array.from(word).length <= SEARCH_LONG_PREFIX_MAX;
  const [items, ...sums] = await Promise.all([
    batchGet(request.words.map((word) => termCounterKey(request.collection, indexedPrefix(word)))),
    ...request.words.map((word) =>
      counted(word)
        ? sumOverPrefix(
            { index: 'table', partition: longCounterPartition(request.collection, indexedPrefix(word)) },
            word,
            bucket,
          )
        : undefined,
    ),
  ]);
  const byPartition = new Map(items.map((item) => [String(item.pk), item]));
  return new Map(
    request.words.map((word, i) => {
      const counter = byPartition.get(termCounterKey(request.collection, indexedPrefix(word)).pk);
      const bound = numberAt(counter, bucket);
      if (!isLongWord(word)) return [word, { exact: bound, bound }];
      const readable = counted(word) && numberAt(counter, uncountedBucket(bucket)) === 0;
      return [word, { exact: readable ? sums[i] : undefined, bound }];
    }),
  );
}

const matchesAll = (words: readonly string[]) => (item: Record<string, unknown>) =>
  titleMatches(String(item[SEARCH_TITLE_FIELD] ?? ''), words);

export async function searchPage(request: SearchRequest): Promise<SearchResult> {
  const { words } = request;
  const [first] = words;
  if (first === undefined) return { list: [], total: 0 };

  if (words.length === 1 && !request.from && !request.to && !request.filters?.length) {
    // Read the page beside the counts: the word's count is its total unless only reading can tell.
    const [counts, page] = await Promise.all([
      wordCounts(request),
      queryPageAt<Record<string, unknown>>(
        partitionOf(request, indexedPrefix(first)),
        request.page,
        request.limit,
        request.cursor,
        isLongWord(first) ? matchesAll(words) : undefined,
      ),
    ]);
    const total = counts.get(first)?.exact;
    if (total !== undefined) return { list: page.items, total, next: page.next, prev: page.prev };
    return readMatches(request, first);
  }

  // One word with filters: it is the driver, and reading its postings gives the exact total; its counter would only
  // be a request before them.
  if (words.length === 1) return readMatches(request, first);
  const counts = await wordCounts(request);
  const sizeOf = (word: string) => counts.get(word)?.exact ?? counts.get(word)?.bound ?? 0;
  const driver = words.reduce((rarest, w) => (sizeOf(w) < sizeOf(rarest) ? w : rarest));
  if (sizeOf(driver) === 0) return { list: [], total: 0 };
  return readMatches(request, driver);
}

/** A page and the exact total by reading the driver word's postings, each checked for every word and filter. */
const readMatches = (request: SearchRequest, driver: string) =>
  queryFiltered<Record<string, unknown>>(
    {
      ...partitionOf(request, indexedPrefix(driver)),
      from: request.from,
      to: request.to,
      filters: request.filters,
      accept: matchesAll(request.words),
    },
    request.page,
    request.limit,
  );

/**
 * A search whose postings hold only what it filters on: the page's records are then read by key (one BatchGet),
 * so fields written elsewhere (an ad's views, a name refreshed after a rename) are never shown stale.
 */
export async function searchByKey<R>(
  request: SearchRequest,
  keyOf: (id: string) => { pk: string; sk: string },
): Promise<{ list: R[]; total: number }> {
  const found = await searchPage(request);
  const ids = found.list.map((posting) => String(posting._id));
  const items = await batchGet(ids.map(keyOf));
  const byId = new Map(items.map((item) => [String(item._id), withoutKeys<R>(item)]));
  return { list: ids.flatMap((id) => byId.get(id) ?? []), total: found.total };
}
