/**
 * Title search over the index (terms.ts, writes.ts). Every searched word's exact number of matches is read from
 * a counter first (one BatchGet). One word and no other filter: a page is one Query of its postings, newest
 * first (a word longer than the indexed prefixes reads its start's postings until the page is full), and its
 * counter is the total. Several words, or other filters: the rarest word's postings are read and each is checked
 * for the other words and filters, so the cost follows the rarest word's matches, never the archive.
 */
import { SEARCH_LONG_PREFIX_MAX } from '../../shared/constants';
import { type ItemFilter, type PartitionQuery, queryFiltered, queryPageAt } from '../lib/db/paging';
import { batchGet, withoutKeys } from '../lib/db/records';
import { ALL_TABS, longBucket, longCounterKey, termCounterKey, termPartition, termTabPartition } from './keys';
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

/** A word's counter: its term's, or for a long word its start's long counter (one attribute a prefix and tab). */
function counterOf(request: SearchRequest, word: string) {
  const bucket = request.tab ?? ALL_TABS;
  if (!isLongWord(word)) return { key: termCounterKey(request.collection, word), attribute: bucket };
  const counted = Array.from(word).slice(0, SEARCH_LONG_PREFIX_MAX).join('');
  return { key: longCounterKey(request.collection, indexedPrefix(word)), attribute: longBucket(counted, bucket) };
}

/** How many records of the tab hold a word starting with each word (0 when none). */
async function wordCounts(request: SearchRequest): Promise<Map<string, number>> {
  const counters = request.words.map((word) => ({ word, ...counterOf(request, word) }));
  const items = await batchGet(counters.map((c) => c.key));
  const byKey = new Map(items.map((item) => [`${item.pk}|${item.sk}`, item]));
  return new Map(
    counters.map(({ word, key, attribute }) => {
      const count = byKey.get(`${key.pk}|${key.sk}`)?.[attribute];
      return [word, typeof count === 'number' ? Math.max(0, count) : 0];
    }),
  );
}

const matchesAll = (words: readonly string[]) => (item: Record<string, unknown>) =>
  titleMatches(String(item[SEARCH_TITLE_FIELD] ?? ''), words);

export async function searchPage(request: SearchRequest): Promise<SearchResult> {
  const { words } = request;
  const [first] = words;
  if (first === undefined) return { list: [], total: 0 };
  // Longer than the long counters count: counted by reading, below.
  const exactCount = Array.from(first).length <= SEARCH_LONG_PREFIX_MAX;
  const plain = words.length === 1 && exactCount && !request.from && !request.to && !request.filters?.length;

  if (plain) {
    // The word's counter is the exact total: read it beside the page.
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
    return { list: page.items, total: counts.get(first) ?? 0, next: page.next, prev: page.prev };
  }

  const counts = await wordCounts(request);
  const driver = words.reduce((rarest, w) => ((counts.get(w) ?? 0) < (counts.get(rarest) ?? 0) ? w : rarest));
  if ((counts.get(driver) ?? 0) === 0) return { list: [], total: 0 };
  return queryFiltered<Record<string, unknown>>(
    {
      ...partitionOf(request, indexedPrefix(driver)),
      from: request.from,
      to: request.to,
      filters: request.filters,
      accept: matchesAll(words),
    },
    request.page,
    request.limit,
  );
}

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
