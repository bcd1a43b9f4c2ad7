/**
 * Title search over the index (terms.ts, writes.ts). Every searched word's exact number of matches is read from
 * its counter first (one BatchGet for all words: a term's counter, or a long word's own prefix counter). One word
 * and no other filter: a page is one Query of its postings, newest first, and its counter is the total. A word
 * longer than the indexed prefixes is read from its long postings (the keys of the records holding it, then their
 * page by key) or from its start's postings checked one by one, whichever the counters say reads less. Several
 * words, or other filters: the rarest word's postings are read and each is checked for the other words and
 * filters, so the cost follows the rarest word's matches, never the archive.
 */
import {
  type ItemFilter,
  type PartitionQuery,
  queryFiltered,
  queryPageAt,
  sortKeysWithPrefix,
  sumOverPrefix,
} from '../lib/db/paging';
import { batchGet, withoutKeys } from '../lib/db/reads';
import {
  ALL_TABS,
  indexCompleteKey,
  longCounterPartition,
  longPostingPartition,
  longPostingTabPartition,
  placeOfLongPosting,
  termCounterKey,
  termPartition,
  termTabPartition,
  uncountedBucket,
} from './keys';
import { indexedPrefix, isLongWord, longWordKey, PREFIX_COUNTERS_VERSION, titleMatches } from './terms';

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
  /** What bounds it from above: the tightest counter that holds every match. */
  bound: number;
  /** How many records hold a word with its start (its indexed prefix): what a read of the start's postings reads. */
  start: number;
}

const numberAt = (item: Record<string, unknown> | undefined, attribute: string) => {
  const value = item?.[attribute];
  return typeof value === 'number' ? Math.max(0, value) : 0;
};

/**
 * Every word's count, from one BatchGet: its start's term counter, a long word's own prefix counter, and the mark
 * the backfill sets once every record of the collection is indexed under version 3 or later (keys.ts,
 * `indexCompleteKey`). Until then, rows indexed under version 2 or 1 keep their long words' totals in credit items,
 * summed after the BatchGet (one Query a long word); a row of version 1 that left a start uncounted makes reading
 * the only way to tell.
 */
async function wordCounts(request: SearchRequest): Promise<{ counts: Map<string, WordCount>; current: boolean }> {
  const { collection } = request;
  const bucket = request.tab ?? ALL_TABS;
  const items = await batchGet([
    ...request.words.flatMap((word) => [
      termCounterKey(collection, indexedPrefix(word)),
      ...(isLongWord(word) ? [termCounterKey(collection, longWordKey(word))] : []),
    ]),
    indexCompleteKey(collection),
  ]);
  const byKey = new Map(items.map((item) => [`${item.pk}\n${item.sk}`, item]));
  const at = (key: { pk: string; sk: string }) => byKey.get(`${key.pk}\n${key.sk}`);
  const mark = at(indexCompleteKey(collection))?.version;
  const current = typeof mark === 'number' && mark >= PREFIX_COUNTERS_VERSION;
  const summed = (word: string) =>
    !current && isLongWord(word) && longWordKey(word) === word
      ? sumOverPrefix(
          { index: 'table', partition: longCounterPartition(collection, indexedPrefix(word)) },
          word,
          bucket,
        )
      : 0;
  const legacy = await Promise.all(request.words.map(summed));
  const counts = new Map(
    request.words.map((word, i): [string, WordCount] => {
      const startCounter = at(termCounterKey(collection, indexedPrefix(word)));
      const start = numberAt(startCounter, bucket);
      if (!isLongWord(word)) return [word, { exact: start, bound: start, start }];
      const own = numberAt(at(termCounterKey(collection, longWordKey(word))), bucket);
      // Longer than the counted prefixes: its first SEARCH_LONG_PREFIX_MAX characters' count bounds it.
      if (longWordKey(word) !== word) return [word, { bound: current ? own : start, start }];
      if (current) return [word, { exact: own, bound: own, start }];
      const readable = numberAt(startCounter, uncountedBucket(bucket)) === 0;
      return [word, { exact: readable ? own + (legacy[i] ?? 0) : undefined, bound: start, start }];
    }),
  );
  return { counts, current };
}

const matchesAll = (words: readonly string[]) => (item: Record<string, unknown>) =>
  titleMatches(String(item[SEARCH_TITLE_FIELD] ?? ''), words);

/** How many long-posting keys a long word's search reads beside its counts, before it knows how many there are. */
const EARLY_KEYS = 20;
/** The most long-posting keys a search reads: a page of a Query holds them all (a few hundred bytes each). */
const LONG_KEYS_MAX = 10_000;
/** The most postings a search fetches by key to check a word longer than the counted prefixes. */
const LONG_CHECKS_MAX = 1_000;
/**
 * About how many bytes a posting weighs against a long posting (measured: about 350 against 230 bytes, the
 * posting carrying the list's row fields): what reading one costs against reading the other.
 */
const POSTING_WEIGHT = 1.5;

/**
 * Whether a long word's page is read more cheaply from its long postings (every key of its matches, then the page
 * by key) than from its start's postings checked one by one (about page end × start ÷ matches of them, the matches
 * being spread over the start). `keysPerMatch`: how many of its long words a matching title holds, as the first
 * keys read show.
 */
function readsLongPostings(request: SearchRequest, count: WordCount, keysPerMatch: number): boolean {
  const keys = count.bound * keysPerMatch;
  if (keys > LONG_KEYS_MAX || (count.exact === undefined && count.bound > LONG_CHECKS_MAX)) return false;
  const scanned = Math.min(
    count.start,
    Math.ceil((request.page * request.limit * count.start) / Math.max(1, count.bound)),
  );
  return keys <= scanned * POSTING_WEIGHT;
}

export async function searchPage(request: SearchRequest): Promise<SearchResult> {
  const { words } = request;
  const [first] = words;
  if (first === undefined) return { list: [], total: 0 };

  if (words.length === 1 && !request.from && !request.to && !request.filters?.length) {
    if (isLongWord(first)) {
      // The first keys of its long postings are read beside the counts: a rare word's are then all there is.
      const [{ counts, current }, early] = await Promise.all([
        wordCounts(request),
        sortKeysWithPrefix(longPostingsOf(request, first), longWordKey(first), EARLY_KEYS + 1),
      ]);
      const count = counts.get(first) as WordCount;
      if (count.exact === 0 || count.bound === 0) return { list: [], total: 0 };
      if (current && early.length <= EARLY_KEYS) return pageOfLongPostings(request, first, early);
      const keysPerMatch = early.length / Math.max(1, new Set(early.map(placeOfLongPosting)).size);
      if (current && readsLongPostings(request, count, keysPerMatch)) {
        const keys = await sortKeysWithPrefix(longPostingsOf(request, first), longWordKey(first), LONG_KEYS_MAX);
        return pageOfLongPostings(request, first, keys);
      }
      if (count.exact === undefined) return readMatches(request, first);
      const page = await queryPageAt<Record<string, unknown>>(
        partitionOf(request, indexedPrefix(first)),
        request.page,
        request.limit,
        { cursor: request.cursor, accept: matchesAll(words), acceptedShare: count.bound / Math.max(1, count.start) },
      );
      return { list: page.items, total: count.exact, next: page.next, prev: page.prev };
    }
    // Read the page beside the counts: a short word's counter is its total.
    const [{ counts }, page] = await Promise.all([
      wordCounts(request),
      queryPageAt<Record<string, unknown>>(partitionOf(request, first), request.page, request.limit, {
        cursor: request.cursor,
      }),
    ]);
    return { list: page.items, total: counts.get(first)?.exact ?? 0, next: page.next, prev: page.prev };
  }

  // One word with filters: it is the driver, and reading its postings gives the exact total; its counter would only
  // be a request before them.
  if (words.length === 1) return readMatches(request, first);
  const { counts } = await wordCounts(request);
  const sizeOf = (word: string) => counts.get(word)?.exact ?? counts.get(word)?.bound ?? 0;
  const driver = words.reduce((rarest, w) => (sizeOf(w) < sizeOf(rarest) ? w : rarest));
  if (sizeOf(driver) === 0) return { list: [], total: 0 };
  return readMatches(request, driver);
}

/** The long postings of a word's start, in the request's tab. */
const longPostingsOf = (request: SearchRequest, word: string): PartitionQuery =>
  request.tab === undefined
    ? { index: 'table', partition: longPostingPartition(request.collection, indexedPrefix(word)) }
    : { index: 'gsi2', partition: longPostingTabPartition(request.collection, request.tab, indexedPrefix(word)) };

/**
 * A long word's page from its long postings' keys (`keys`: every record holding a word that starts with its first
 * SEARCH_LONG_PREFIX_MAX characters), newest first: the page's postings read by key (one BatchGet). A word longer
 * than that is checked on each record's posting.
 */
async function pageOfLongPostings(request: SearchRequest, word: string, keys: string[]): Promise<SearchResult> {
  const places = [...new Set(keys.map(placeOfLongPosting))].sort().reverse();
  const postingOf = (place: string) => ({ pk: termPartition(request.collection, indexedPrefix(word)), sk: place });
  const inOrder = async (chosen: string[]) => {
    const byPlace = new Map((await batchGet(chosen.map(postingOf))).map((item) => [String(item.sk), item]));
    return chosen.flatMap((place) => {
      const item = byPlace.get(place);
      return item ? [item] : [];
    });
  };
  const from = (request.page - 1) * request.limit;
  if (longWordKey(word) === word) {
    return { list: await inOrder(places.slice(from, from + request.limit)), total: places.length };
  }
  const matching = (await inOrder(places)).filter(matchesAll(request.words));
  return { list: matching.slice(from, from + request.limit), total: matching.length };
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
