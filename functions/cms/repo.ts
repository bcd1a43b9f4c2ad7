/** DynamoDB access for articles: the list row, the content item, the slug item, counters and the history trail. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ArticleStatus, ArticleType } from '../../shared/constants';
import type { MediaItem, Section } from '../../shared/schemas/article';
import { db, tableName } from '../lib/db/client';
import {
  ARTICLES_PARTITION,
  articleContentKey,
  articleHistoryKey,
  articleKey,
  articleSlugKey,
  articleStatusPartition,
  articlesByCreatedAt,
  articlesByStatus,
  articlesByUpdatedAt,
  CMS_ENTITY,
  HISTORY_PREFIX,
  scheduledByPublishDate,
} from '../lib/db/cms-keys';
import {
  containsAny,
  containsText,
  counterUpdate,
  equals,
  type ItemFilter,
  type PartitionQuery,
  queryFiltered,
  queryPage,
  readCounter,
} from '../lib/db/paging';
import { batchGet, insertRecord, putUnique, replaceRecord, type TransactItem, withoutKeys } from '../lib/db/records';

export interface NamedRef {
  _id: string;
  name: string;
}

/** The list row: everything lists, filters and the publisher read. */
export interface ArticleRecord {
  _id: string;
  type: ArticleType;
  status: ArticleStatus;
  title: string;
  /** Lower-case, accent-free title: what the list's search matches. */
  searchTitle: string;
  slug: string;
  categories: string[];
  /** Category names as of the last save (the list shows them without a read per category). */
  categoryNames: NamedRef[];
  /** The author's user id, and their name as of the last save. */
  user: string;
  authorName: string;
  image: string | null;
  publishDate: string | null;
  isSponsored: boolean;
  views: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: NamedRef | null;
  version: number;
}

/** The content: read only by the detail call. */
export interface ArticleContent {
  description: string;
  canonicalUrl: string;
  seo: { title: string; description: string; metaTags: { property?: string; content: string }[] };
  body: Section[];
  imageAlt: string;
  imageTitle: string;
  tags: string[];
  videos: MediaItem[];
  gallery: MediaItem[];
}

export interface HistoryRecord {
  _id: string;
  at: string;
  by: NamedRef | null;
  action: string;
  from: ArticleStatus | null;
  to: ArticleStatus;
  changed: string[];
}

export const rowItem = (a: ArticleRecord) => ({
  ...articleKey(a._id),
  ...articlesByCreatedAt(a.createdAt, a._id),
  ...articlesByStatus(a.status, a.createdAt, a._id),
  ...articlesByUpdatedAt(a.updatedAt, a._id),
  // Only Scheduled articles are in the publisher's sparse index.
  ...(a.status === 'Scheduled' && a.publishDate ? scheduledByPublishDate(a.publishDate, a._id) : {}),
  ...a,
});

export const contentItem = (a: ArticleRecord, c: ArticleContent) => ({
  ...articleContentKey(a._id),
  _id: a._id,
  ...c,
});

const historyItem = (articleId: string, h: HistoryRecord): TransactItem => ({
  Put: { TableName: tableName(), Item: { ...articleHistoryKey(articleId, h.at, h._id), ...h } },
});

const slugItem = (a: ArticleRecord) => putUnique({ ...articleSlugKey(a.slug), articleId: a._id });

export const SLUG_TAKEN = 'An article with this URL already exists';

/** The row and the content in one Query (`CMS` and `CONTENT` sort after every `AUDIT#` entry). */
export async function getArticle(id: string): Promise<{ row: ArticleRecord; content: ArticleContent } | undefined> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk >= :cms',
      ExpressionAttributeValues: { ':pk': articleKey(id).pk, ':cms': 'CMS' },
      ConsistentRead: true,
    }),
  );
  const items = out.Items ?? [];
  const row = items.find((i) => i.sk === 'CMS');
  const content = items.find((i) => i.sk === 'CONTENT');
  if (!row || !content) return undefined;
  const { _id: _i, ...rest } = withoutKeys<ArticleContent & { _id: string }>(content);
  return { row: withoutKeys<ArticleRecord>(row), content: rest };
}

export async function getArticleRow(id: string): Promise<ArticleRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: articleKey(id), ConsistentRead: true }));
  return out.Item ? withoutKeys<ArticleRecord>(out.Item) : undefined;
}

/** Several list rows by id (the home layout's slots); missing ids are left out. */
export async function getArticleRows(ids: readonly string[]): Promise<ArticleRecord[]> {
  return (await batchGet(ids.map(articleKey), true)).map((item) => withoutKeys<ArticleRecord>(item));
}

export async function insertArticle(row: ArticleRecord, content: ArticleContent, entry: HistoryRecord) {
  await insertRecord(
    rowItem(row),
    [
      { Put: { TableName: tableName(), Item: contentItem(row, content) } },
      slugItem(row),
      counterUpdate(CMS_ENTITY, 'ALL', 1),
      counterUpdate(CMS_ENTITY, row.status, 1),
      historyItem(row._id, entry),
    ],
    SLUG_TAKEN,
  );
}

/**
 * Replaces the row at `expectedVersion` (409 when stale), with the content when it changed, the status
 * counters when the status moved, and the history entry — all or nothing.
 */
export async function replaceArticle(
  current: ArticleRecord,
  next: ArticleRecord,
  content: ArticleContent | undefined,
  entry: HistoryRecord,
) {
  const also: TransactItem[] = [historyItem(next._id, entry)];
  if (content) also.push({ Put: { TableName: tableName(), Item: contentItem(next, content) } });
  if (current.status !== next.status) {
    also.push(counterUpdate(CMS_ENTITY, current.status, -1), counterUpdate(CMS_ENTITY, next.status, 1));
  }
  await replaceRecord(rowItem(next), current.version, also);
}

export async function articleHistory(id: string, limit = 200): Promise<HistoryRecord[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': articleKey(id).pk, ':prefix': HISTORY_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => withoutKeys<HistoryRecord>(i));
}

export const countInStatus = (status: ArticleStatus) => readCounter(CMS_ENTITY, status);

const partitionOf = (status: ArticleStatus | undefined): PartitionQuery =>
  status
    ? { index: 'gsi2', partition: articleStatusPartition(status) }
    : { index: 'gsi1', partition: ARTICLES_PARTITION };

/** One page of a tab, newest first; the total from the tab's counter (two requests, whatever the table size). */
export async function listArticles(status: ArticleStatus | undefined, page: number, limit: number) {
  const [items, total] = await Promise.all([
    queryPage<Record<string, unknown>>(partitionOf(status), page, limit),
    readCounter(CMS_ENTITY, status ?? 'ALL'),
  ]);
  return { list: items.map((i) => withoutKeys<ArticleRecord>(i)), total };
}

export interface ArticleFilter {
  status?: ArticleStatus;
  /** Created-date bounds (ISO instants, inclusive): narrow the Query's key range. */
  from?: string;
  to?: string;
  /** Normalized like `searchTitle`. */
  search?: string;
  type?: ArticleType;
  categories?: string[];
}

/**
 * A filtered page with its exact total: one Query over the tab's partition, narrowed by the created-date range
 * in the key condition, the other filters applied by DynamoDB; every match is counted, one page returned.
 */
export async function filterArticles(filter: ArticleFilter, page: number, limit: number) {
  const filters: ItemFilter[] = [];
  if (filter.search) filters.push(containsText('searchTitle', filter.search));
  if (filter.type) filters.push(equals('type', filter.type));
  if (filter.categories?.length) filters.push(containsAny('categories', filter.categories));
  const { list, total } = await queryFiltered<Record<string, unknown>>(
    { ...partitionOf(filter.status), from: filter.from, to: filter.to, filters },
    page,
    limit,
  );
  return { list: list.map((i) => withoutKeys<ArticleRecord>(i)), total };
}
