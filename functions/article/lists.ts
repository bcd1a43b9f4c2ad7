/**
 * The reads of many articles: the list tabs (by page number, through the page indexes, or by cursor), an author's
 * listing, the filters and the title search, the counts, the dashboard's short lists and the publisher's due list.
 * Keys, items and the single article's reads and writes are in model.ts.
 */
import type { ArticleSort } from '../../shared/article-sort';
import { ARTICLE_STATUSES, type ArticleStatus, type ArticleType } from '../../shared/constants';
import { readCounter, readCounters } from '../lib/db/counters';
import { locatePage, pageIndexMonths } from '../lib/db/page-index';
import {
  containsAny,
  equals,
  type ItemFilter,
  isOneOf,
  type PartitionQuery,
  queryFiltered,
  queryFirst,
  queryPageAt,
  queryRangePage,
} from '../lib/db/paging';
import { batchGet, getRecord, withoutKeys } from '../lib/db/records';
import { searchPage } from '../search/query';
import {
  ARTICLE_PAGES,
  ARTICLE_SEARCH,
  ARTICLES_PARTITION,
  type ArticlePosting,
  type ArticleRecord,
  articleKey,
  articleStatusPartition,
  articlesOfAuthorInStatusPartition,
  articlesOfAuthorPartition,
  authorCounterKey,
  authorPages,
  CMS_ENTITY,
  SCHEDULED_PARTITION,
} from './model';

const rowOf = (item: Record<string, unknown>) => withoutKeys<ArticleRecord>(item);

export const countInStatus = (status: ArticleStatus) => readCounter(CMS_ENTITY, status);

const partitionOf = (status: ArticleStatus | undefined): PartitionQuery =>
  status
    ? { index: 'gsi2', partition: articleStatusPartition(status) }
    : { index: 'gsi1', partition: ARTICLES_PARTITION };

/** The order a list is read in (shared/article-sort.ts): by which date, which way. */
export interface ArticleOrder {
  by: ArticleSort;
  ascending: boolean;
}

export const NEWEST_CREATED: ArticleOrder = { by: 'created', ascending: false };

/**
 * The index that holds a tab in that order: created, gsi1 (All) or gsi2 (a status); updated, gsi4 (every
 * article, so All only); publish date, the sparse gsi3 (Scheduled only). The service refuses other pairs.
 */
function sortedPartition(status: ArticleStatus | undefined, order: ArticleOrder): PartitionQuery {
  const { ascending } = order;
  if (order.by === 'updated') return { index: 'gsi4', partition: ARTICLES_PARTITION, ascending };
  if (order.by === 'publishDate') return { index: 'gsi3', partition: SCHEDULED_PARTITION, ascending };
  return { ...partitionOf(status), ascending };
}

/**
 * One page of a tab in `order` (newest created first by default), with its neighbours' cursors; the total from
 * the tab's counter (two requests, whatever the table size; a page reached by a cursor costs the same as page 1).
 */
export async function listArticles(
  status: ArticleStatus | undefined,
  page: number,
  limit: number,
  cursor?: string,
  order: ArticleOrder = NEWEST_CREATED,
) {
  const bucket = status ?? 'ALL';
  const found = await pageOf(sortedPartition(status, order), page, limit, cursor, {
    total: () => readCounter(CMS_ENTITY, bucket),
    index: order.by === 'created' ? ARTICLE_PAGES : undefined,
    bucket,
    ascending: order.ascending,
  });
  return { list: found.items.map(rowOf), total: found.total, next: found.next, prev: found.prev };
}

/** A listing's total and, when it is sorted by created date, its page index (model.ts, ARTICLE_PAGES). */
interface CountedListing {
  total: () => Promise<number>;
  index: string | undefined;
  bucket: string;
  ascending: boolean;
}

/**
 * One page of a listing with its total. Page 1, or a page reached by a cursor, is one Query beside the total.
 * Any other page by its number is found through the page index (lib/db/page-index.ts): its months beside the
 * total, then its days, its hours and the page itself, whatever the page's number; a listing the index does not
 * fully count yet is read by skipping the pages before.
 */
async function pageOf(
  query: PartitionQuery,
  page: number,
  limit: number,
  cursor: string | undefined,
  listing: CountedListing,
) {
  const { index, bucket, ascending } = listing;
  if (cursor || page === 1 || !index) {
    const [found, total] = await Promise.all([
      queryPageAt<Record<string, unknown>>(query, page, limit, { cursor }),
      listing.total(),
    ]);
    return { ...found, total };
  }
  const offset = (page - 1) * limit;
  const [total, months] = await Promise.all([listing.total(), pageIndexMonths(index, ascending)]);
  // Past the last page: nothing to read.
  if (offset >= total) return { items: [], total, next: undefined, prev: undefined };
  const start = await locatePage(index, months, bucket, offset, total, ascending);
  const found = await queryPageAt<Record<string, unknown>>(query, page, limit, { start });
  return { ...found, total };
}

/** An author's listing in one tab (model.ts): All by the table's own keys, a status through gsi2. */
const authorPartition = (author: string, status: ArticleStatus | undefined, ascending: boolean): PartitionQuery =>
  status
    ? { index: 'gsi2', partition: articlesOfAuthorInStatusPartition(author, status), ascending }
    : { index: 'table', partition: articlesOfAuthorPartition(author), ascending };

/** One author's totals: `ALL` and each status, from their one counter item (missing: 0). */
export async function authorCounts(author: string): Promise<Record<'ALL' | ArticleStatus, number>> {
  const item = await getRecord<Record<string, unknown>>(authorCounterKey(author));
  const counts = Object.fromEntries(['ALL', ...ARTICLE_STATUSES].map((b) => [b, 0])) as Record<
    'ALL' | ArticleStatus,
    number
  >;
  for (const bucket of Object.keys(counts) as ('ALL' | ArticleStatus)[]) {
    const value = item?.[bucket];
    if (typeof value === 'number') counts[bucket] = Math.max(0, value);
  }
  return counts;
}

/**
 * The rows of a page of listing items, by key and in the listing's order; one gone meanwhile is left out. Read as
 * eventually consistent as the listing itself (half a unit a row, rows being under 4 KB).
 */
async function rowsOfListing(items: readonly Record<string, unknown>[]): Promise<ArticleRecord[]> {
  const ids = items.map((item) => String(item._id));
  const rows = new Map((await batchGet(ids.map(articleKey))).map((item) => [String(item._id), rowOf(item)]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/**
 * One page of an author's articles in a tab, newest (or oldest) created first, with its neighbours' cursors: a
 * Query of the author's listing for the page's keys, the rows by key (one BatchGet), and the total from the
 * author's counter item, so the cost grows with the page, never with the archive or the author's other articles.
 */
export async function listArticlesOfAuthor(
  author: string,
  status: ArticleStatus | undefined,
  page: number,
  limit: number,
  cursor?: string,
  ascending = false,
) {
  const bucket = status ?? 'ALL';
  const found = await pageOf(authorPartition(author, status, ascending), page, limit, cursor, {
    total: async () => (await authorCounts(author))[bucket],
    index: authorPages(author),
    bucket,
    ascending,
  });
  return { list: await rowsOfListing(found.items), total: found.total, next: found.next, prev: found.prev };
}

export interface ArticleFilter {
  status?: ArticleStatus;
  /** Created-date bounds (ISO instants, inclusive): narrow the Query's key range. */
  from?: string;
  to?: string;
  /** Title words to find (functions/search/terms.ts searchWords). */
  words?: string[];
  /** A neighbouring page's cursor (used where the page is read by key: one word, no other filter). */
  cursor?: string;
  type?: ArticleType;
  /** Any of these types (the home page's pickers: news, no Pages). */
  types?: ArticleType[];
  categories?: string[];
  /** The author's user id (the author filter, Mine): read from their listing (listArticlesOfAuthor). */
  author?: string;
  /** The list's order; newest created first when absent (a title search has no other). */
  order?: ArticleOrder;
}

/** The author as a filter on title-index postings, which carry the row's `user`. */
const byAuthor = (author: string): ItemFilter => ({
  expression: '#author = :author',
  names: { '#author': 'user' },
  values: { ':author': author },
});

/** The created-date bounds as a filter, for an order whose index is not sorted by the created date. */
const createdBetween = (from: string | undefined, to: string | undefined): ItemFilter => ({
  expression: '#created BETWEEN :createdFrom AND :createdTo',
  names: { '#created': 'createdAt' },
  values: { ':createdFrom': from ?? '0000', ':createdTo': to ?? '9999' },
});

function rowFilters(filter: ArticleFilter): ItemFilter[] {
  const filters: ItemFilter[] = [];
  if (filter.type) filters.push(equals('type', filter.type));
  if (filter.types?.length) filters.push(isOneOf('type', filter.types));
  if (filter.categories?.length) filters.push(containsAny('categories', filter.categories));
  return filters;
}

/**
 * A filtered page with its exact total. A title search reads the title index (functions/search/); the other
 * filters read the tab's partition in the list's order, narrowed by the created-date range in the key condition
 * (a filter when ordered by another date), the rest applied by DynamoDB: every match is counted, one page
 * returned.
 */
export async function filterArticles(filter: ArticleFilter, page: number, limit: number) {
  if (filter.words?.length) {
    const found = await searchPage({
      collection: ARTICLE_SEARCH,
      tab: filter.status,
      words: filter.words,
      from: filter.from,
      to: filter.to,
      filters: [...rowFilters(filter), ...(filter.author ? [byAuthor(filter.author)] : [])],
      page,
      limit,
      cursor: filter.cursor,
    });
    return { ...found, list: found.list.map((item) => withoutKeys<ArticlePosting>(item)) };
  }
  const order = filter.order ?? NEWEST_CREATED;
  if (filter.author) {
    // The author's listing carries type, categories and the created date: the other filters apply to it, and
    // the page's rows are read by key.
    const found = await queryFiltered<Record<string, unknown>>(
      {
        ...authorPartition(filter.author, filter.status, order.ascending),
        from: filter.from,
        to: filter.to,
        filters: rowFilters(filter),
      },
      page,
      limit,
    );
    return { list: await rowsOfListing(found.list), total: found.total };
  }
  const byCreated = order.by === 'created';
  const dated = filter.from !== undefined || filter.to !== undefined;
  const { list, total } = await queryFiltered<Record<string, unknown>>(
    {
      ...sortedPartition(filter.status, order),
      // The created-date range narrows the key range when the index is sorted by it, and is a filter otherwise.
      from: byCreated ? filter.from : undefined,
      to: byCreated ? filter.to : undefined,
      filters: [...rowFilters(filter), ...(dated && !byCreated ? [createdBetween(filter.from, filter.to)] : [])],
    },
    page,
    limit,
  );
  return { list: list.map(rowOf), total };
}

// ---------------------------------------------------------------- short lists (dashboard, publisher)

/** The counter of every status and `ALL`, in one BatchGet. */
export const countsByStatus = () => readCounters(CMS_ENTITY, ['ALL', ...ARTICLE_STATUSES]);

/** The first `limit` articles in a status, oldest first (the review desk works those waiting longest first). */
export async function oldestInStatus(status: ArticleStatus, limit: number): Promise<ArticleRecord[]> {
  const items = await queryFirst<Record<string, unknown>>(
    { index: 'gsi2', partition: articleStatusPartition(status), ascending: true },
    limit,
  );
  return items.map(rowOf);
}

/** Scheduled articles whose publish date is within [from, to] (either open), soonest first. */
export async function scheduledBetween(range: { from?: string; to?: string }, limit: number): Promise<ArticleRecord[]> {
  const items = await queryFirst<Record<string, unknown>>(
    { index: 'gsi3', partition: SCHEDULED_PARTITION, ...range, ascending: true },
    limit,
  );
  return items.map(rowOf);
}

/** The last `limit` articles saved, newest first. */
export async function recentlyUpdatedArticles(limit: number): Promise<ArticleRecord[]> {
  const items = await queryFirst<Record<string, unknown>>({ index: 'gsi4', partition: ARTICLES_PARTITION }, limit);
  return items.map(rowOf);
}

/**
 * Scheduled articles whose publish date is at or before `now` (a Query on the sparse index, oldest first), up to
 * `limit`, from `after` (a previous page's `next`; undefined after the last): the publisher pages past articles it
 * could not publish.
 */
export async function dueArticlesPage(now: string, limit = 100, after?: Record<string, unknown>) {
  const due = { index: 'gsi3' as const, partition: SCHEDULED_PARTITION, to: now, ascending: true };
  const { items, next } = await queryRangePage(due, limit, after);
  return { articles: items.map(rowOf), next };
}
