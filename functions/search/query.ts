/**
 * Title search over the index (terms.ts, writes.ts). One word: a page is one Query of its postings, newest
 * first, and the total is its counter. Several words, or a word longer than the indexed prefixes, or other
 * filters: the rarest word's postings (known from the counters before anything is read) are read and each is
 * checked for the other words, so the cost follows the rarest word's matches, never the archive.
 */
import { SEARCH_PREFIX_MAX } from '../../shared/constants';
import { type ItemFilter, type PartitionQuery, queryFiltered, queryPageAt } from '../lib/db/paging';
import { batchGet } from '../lib/db/records';
import { ALL_TABS, termCounterKey, termPartition, termTabPartition } from './keys';
import { indexedPrefix, titleMatches } from './terms';

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

/** How many records of the tab each term is indexed under (its counter; 0 when it has none). */
async function termCounts(request: SearchRequest, terms: readonly string[]): Promise<Map<string, number>> {
  const items = await batchGet(terms.map((t) => termCounterKey(request.collection, t)));
  const counts = new Map(terms.map((t) => [t, 0]));
  for (const item of items) {
    const term = terms.find((t) => termCounterKey(request.collection, t).pk === item.pk);
    const count = item[request.tab ?? ALL_TABS];
    if (term !== undefined && typeof count === 'number') counts.set(term, Math.max(0, count));
  }
  return counts;
}

export async function searchPage(request: SearchRequest): Promise<SearchResult> {
  const terms = [...new Set(request.words.map(indexedPrefix))];
  const [first] = request.words;
  if (first === undefined) return { list: [], total: 0 };
  const plain =
    request.words.length === 1 &&
    Array.from(first).length <= SEARCH_PREFIX_MAX &&
    !request.from &&
    !request.to &&
    !request.filters?.length;

  if (plain) {
    // The term's counter is the exact total: read it beside the page.
    const [counts, page] = await Promise.all([
      termCounts(request, [first]),
      queryPageAt<Record<string, unknown>>(partitionOf(request, first), request.page, request.limit, request.cursor),
    ]);
    return { list: page.items, total: counts.get(first) ?? 0, next: page.next, prev: page.prev };
  }

  const counts = await termCounts(request, terms);
  const driver = terms.reduce((rarest, t) => ((counts.get(t) ?? 0) < (counts.get(rarest) ?? 0) ? t : rarest));
  if ((counts.get(driver) ?? 0) === 0) return { list: [], total: 0 };
  return queryFiltered<Record<string, unknown>>(
    {
      ...partitionOf(request, driver),
      from: request.from,
      to: request.to,
      filters: request.filters,
      accept: (item) => titleMatches(String(item[SEARCH_TITLE_FIELD] ?? ''), request.words),
    },
    request.page,
    request.limit,
  );
}
