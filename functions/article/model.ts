/**
 * An article, as stored. It is a list row (`CMS#<id>` / `CMS`: what lists, filters and the publisher read, kept
 * small so a page of ten costs about one read unit) and a content item (`CONTENT`: sections, videos, gallery, SEO),
 * read only by the detail call; in the same item collection sit a live article's unpublished changes (`DRAFT`), its
 * edit lock (`LOCK`), autosaves, revisions and history. Beside it: its slug item, its author's listing and
 * counters, "returned to me" items, the per-category and per-status counters, the page indexes, the name
 * references and the title index's postings. This file declares every one of those keys and items and the writes
 * that move them (the row's own keys, the records and the editor's read are in keys.ts, records.ts and read.ts,
 * which it re-exports); the stored entity keeps its first name, `CMS` (the wire's `/cms` and permission `Cms` alike).
 */

import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ArticleStatus, ArticleType } from '../../shared/constants';
import type { ArticleFields } from '../../shared/schemas/article';
import type { ArticleHistoryEntry, ReviewNote, RevisionSummary } from '../../shared/schemas/article-record';
import { ARTICLE_SLUG_TAKEN } from '../../shared/slug';
import { CATEGORY_ARTICLES_COUNT, CATEGORY_CLOSED, categoryArticlesKey } from '../category/model';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { type Named, type NameReferences, nameReferenceWrites } from '../lib/db/copies';
import { counterKey } from '../lib/db/counter-keys';
import { addToCounts, counterMove } from '../lib/db/counters';
import { defineEntity } from '../lib/db/entity';
import { type PageIndexMove, pageIndexWrites } from '../lib/db/page-index';
import { type ItemFilter, queryAll, queryByPrefix, queryOnePage } from '../lib/db/paging';
import {
  batchGet,
  type ConflictMessage,
  conditionCheck,
  deleteItem,
  deleteOne,
  getRecord,
  putItem,
  putOne,
  putUnique,
  type TransactItem,
  updateItem,
  updateOne,
  type WriteCondition,
  withoutKeys,
} from '../lib/db/records';
import { TTL_ATTRIBUTE } from '../lib/db/table';
import { lookalikeKey } from '../lib/lookalike';
import type { BackfillSource } from '../search/backfill';
import { ARTICLE_SEARCH } from '../search/keys';
import { type IndexedCollection, insertIndexed, replaceIndexed, type SearchEntry } from '../search/writes';
import { articleContentKey, articleKey, articleLockKey, CMS_ENTITY } from './keys';
import type { ArticleContent, ArticleRecord, LockRecord } from './records';

export * from './keys';
export { getArticle } from './read';
export type { ArticleContent, ArticleRecord, DraftRecord, LoadedArticle, LockRecord } from './records';

/** One autosave a user and article. */
export const articleAutosaveKey = (id: string, userId: string) => ({ pk: `CMS#${id}`, sk: `AUTOSAVE#${userId}` });
/** Revisions by number, zero-padded so that they sort in order. */
export const REVISION_PREFIX = 'REV#';
export const articleRevisionKey = (id: string, revision: number) => ({
  pk: `CMS#${id}`,
  sk: `${REVISION_PREFIX}${String(revision).padStart(8, '0')}`,
});
/**
 * Slugs are unique: one item per slug, under its look-alike key (lib/lookalike.ts), written in the same transaction
 * as the article.
 */
export const articleSlugKey = (slug: string) => ({ pk: `CMSSLUG#${lookalikeKey(slug)}`, sk: 'CMSSLUG' });
/** The slug item's key before look-alike keys: only the migration that moves it reads it (lib/db/unique-keys.ts). */
export const legacyArticleSlugKey = (slug: string) => ({ pk: `CMSSLUG#${slug}`, sk: 'CMSSLUG' });

/** The row's index partitions (articleModel): every article (gsi1, gsi4), one status (gsi2), Scheduled (gsi3). */
export const ARTICLES_PARTITION = 'CMS';
export const articleStatusPartition = (status: string) => `CMS#${status}`;
export const SCHEDULED_PARTITION = 'CMS#SCHEDULED';

/**
 * The page indexes of the lists by created date (lib/db/page-index.ts), so that any page by its number is a few
 * small reads: one for the All and status tabs (`ALL` and a bucket a status), one an author for their listing.
 */
export const ARTICLE_PAGES = 'CMS';
export const authorPages = (userId: string) => `CMSBY#${userId}`;

/** The trail of one article: `AUDIT#<time>#<id>` sorts by time, and one Query returns it. */
export const HISTORY_PREFIX = 'AUDIT#';
export const articleHistoryKey = (id: string, at: string, entryId: string) => ({
  pk: `CMS#${id}`,
  sk: `${HISTORY_PREFIX}${at}#${entryId}`,
});

/**
 * Name references (lib/db/copies.ts): the articles whose row copies a category's or a user's name, one item per
 * article in a partition of that record, written in the article's transaction. A rename Queries it.
 */
export const articlesNaming = (named: Named) => ({
  index: 'table' as const,
  partition: `CMSNAME#${named.kind.toUpperCase()}#${named.id}`,
});
export const articleNameKey = (named: Named, articleId: string) => ({
  pk: articlesNaming(named).partition,
  sk: articleId,
});

/**
 * An author's articles (the list's author filter and Mine): one small listing item an article, in its author's
 * partition of the table, newest first; its gsi2 keys put it in the author's partition of its status too, so an
 * author's tab is one Query of gsi2. The item carries the keys and what the list's other filters read (type,
 * categories, created date), never names, so a rename leaves it alone; a page's rows are then read by key.
 */
export const articleByAuthorKey = (userId: string, createdAt: string, id: string) => ({
  pk: articlesOfAuthorPartition(userId),
  sk: `${createdAt}#${id}`,
});
export const articlesOfAuthorPartition = (userId: string) => `CMSBY#${userId}`;
export const articlesOfAuthorInStatus = (userId: string, status: string, createdAt: string, id: string) => ({
  gsi2pk: articlesOfAuthorInStatusPartition(userId, status),
  gsi2sk: `${createdAt}#${id}`,
});
export const articlesOfAuthorInStatusPartition = (userId: string, status: string) => `CMSBY#${userId}#${status}`;
/**
 * An author's totals: one counter item an author, an attribute for `ALL` and one a status, moved in the article's
 * transaction with its listing item, so an author's tab total is one read and exact.
 */
export const authorCounterKey = (userId: string) => ({ pk: `COUNT#CMSBY#${userId}`, sk: 'AUTHOR' });

/**
 * "Returned to me" on an author's dashboard: one small item per Rejected article of theirs, carrying the note,
 * in a partition of that author, so the dashboard Queries only their returned articles (README: access patterns).
 */
export const returnedPartition = (authorId: string) => `CMSRETURNED#${authorId}`;
export const returnedKey = (authorId: string, articleId: string) => ({
  pk: returnedPartition(authorId),
  sk: articleId,
});

/** A user's autosave of an article: what their editor held, and the version it had open. */
export interface AutosaveRecord {
  fields: ArticleFields;
  baseVersion: number;
  savedAt: string;
}

/** A revision: the full fields a Save or Publish stored (RevisionSummary without its size). */
export interface RevisionRecord extends Omit<RevisionSummary, 'bytes'> {
  fields: ArticleFields;
}

/** A history entry is stored as GET /cms/history/{id} returns it. */
export type HistoryRecord = ArticleHistoryEntry;

/**
 * The list row, in the indexes the lists read: gsi1 every article newest first (the All tab), gsi2 one status (the
 * tabs; the review queue oldest first), gsi4 by last update (the dashboard), and the sparse gsi3 only while
 * Scheduled, by publish date (the publisher).
 */
export const articleModel = /* @__PURE__ */ defineEntity<ArticleRecord>({
  name: CMS_ENTITY,
  indexes: {
    gsi1: { partition: ARTICLES_PARTITION, sortBy: (a) => a.createdAt },
    gsi2: { partition: articleStatusPartition, by: (a) => a.status, sortBy: (a) => a.createdAt },
    gsi4: { partition: ARTICLES_PARTITION, sortBy: (a) => a.updatedAt },
    gsi3: {
      partition: SCHEDULED_PARTITION,
      sortBy: (a) => a.publishDate ?? '',
      when: (a) => a.status === 'Scheduled' && Boolean(a.publishDate),
    },
  },
  takenMessage: ARTICLE_SLUG_TAKEN,
});

export const rowItem = articleModel.itemOf;

export const contentItem = (a: ArticleRecord, c: ArticleContent) => ({
  ...articleContentKey(a._id),
  _id: a._id,
  ...c,
});

/** A status counter (or `ALL`) holding `count`, as the benchmark seeds them; writes move them with counterUpdate. */
export const articleCounterItem = (bucket: ArticleStatus | 'ALL', count: number) => ({
  ...counterKey(CMS_ENTITY, bucket),
  count,
});

export const historyItem = (articleId: string, h: HistoryRecord): TransactItem =>
  putItem({ ...articleHistoryKey(articleId, h.at, h._id), ...h });

/** An article returned to its author, as their dashboard lists it ("Returned to me"). */
export interface ReturnedItem extends ReviewNote {
  articleId: string;
  title: string;
  type: ArticleType;
}

/**
 * The author's copy of a reject's note (`returnedKey`), kept in step with the row in the row's own
 * transaction: put while the article is Rejected with a note, deleted when it leaves Rejected (or its author
 * changes, or it goes to the trash: `after` undefined).
 */
export function returnedWrites(before: ArticleRecord | undefined, after: ArticleRecord | undefined): TransactItem[] {
  const was = before?.status === 'Rejected' && before.returned ? before : undefined;
  const is = after?.status === 'Rejected' && after.returned ? after : undefined;
  const writes: TransactItem[] = [];
  if (was && was.user !== is?.user) writes.push(deleteItem(returnedKey(was.user, was._id)));
  if (is?.returned && (!was || was.returned !== is.returned || was.title !== is.title)) {
    const item: ReturnedItem = { articleId: is._id, title: is.title, type: is.type, ...is.returned };
    writes.push(putItem({ ...returnedKey(is.user, is._id), ...item }));
  }
  return writes;
}

/**
 * The moves of the per-category article counters (functions/category/model.ts) from `before` (undefined: not
 * counted, e.g. new or in the trash) to `after` (undefined: leaving, e.g. to the trash); `after` counts once
 * written, so its item must say `categoriesCounted: true`. Joining a category fails while it is `closed`
 * (removed): CATEGORY_CLOSED_MESSAGE.
 */
export function categoryCountWrites(
  before: ArticleRecord | undefined,
  after: ArticleRecord | undefined,
): TransactItem[] {
  const deltas = new Map<string, number>();
  if (before?.categoriesCounted) for (const id of before.categories) deltas.set(id, (deltas.get(id) ?? 0) - 1);
  for (const id of after?.categories ?? []) deltas.set(id, (deltas.get(id) ?? 0) + 1);
  // An addition fails while the category is closed (in the trash, or deleted).
  return [...deltas]
    .filter(([, delta]) => delta !== 0)
    .map(([id, delta]) =>
      counterMove(categoryArticlesKey(id), CATEGORY_ARTICLES_COUNT, delta, delta > 0 ? CATEGORY_CLOSED : undefined),
    );
}

/** What an author's listing item carries besides its keys: the fields the list's other filters read. */
const LISTING_FIELDS = [
  '_id',
  'type',
  'status',
  'categories',
  'createdAt',
] as const satisfies readonly (keyof ArticleRecord)[];

/** An article in its author's listing (articleByAuthorKey): in All by its key, in its status through gsi2. */
export const authorListingItem = (a: ArticleRecord) => ({
  ...articleByAuthorKey(a.user, a.createdAt, a._id),
  ...articlesOfAuthorInStatus(a.user, a.status, a.createdAt, a._id),
  ...Object.fromEntries(LISTING_FIELDS.map((k) => [k, a[k]])),
});

const listingChanged = (before: ArticleRecord, after: ArticleRecord) =>
  LISTING_FIELDS.some((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));

/**
 * The moves of an article's author listing from `before` (undefined, or not `authorListed`: not listed, e.g. new,
 * in the trash or from before the listing) to `after` (undefined: leaving, e.g. to the trash): its listing item
 * (put when the author, status, type or categories moved; a save that changes none of them writes nothing) and its
 * author's counters, `ALL` and the status, one Update an author. `after` is listed once written, so its item must
 * say `authorListed: true`.
 */
export function authorListingWrites(
  before: ArticleRecord | undefined,
  after: ArticleRecord | undefined,
): TransactItem[] {
  const was = before?.authorListed && before.user ? before : undefined;
  const is = after?.user ? after : undefined;
  const sameAuthor = was !== undefined && is !== undefined && was.user === is.user;
  const writes: TransactItem[] = [];
  if (was && !sameAuthor) writes.push(deleteItem(articleByAuthorKey(was.user, was.createdAt, was._id)));
  if (is && (!sameAuthor || listingChanged(was, is))) writes.push(putItem(authorListingItem(is)));
  const deltas = new Map<string, Map<string, number>>();
  const move = (a: ArticleRecord, delta: number) => {
    const buckets = deltas.get(a.user) ?? new Map<string, number>();
    for (const bucket of ['ALL', a.status]) buckets.set(bucket, (buckets.get(bucket) ?? 0) + delta);
    deltas.set(a.user, buckets);
  };
  if (was) move(was, -1);
  if (is) move(is, 1);
  for (const [userId, buckets] of deltas) {
    const moved = [...buckets].filter(([, delta]) => delta !== 0);
    if (moved.length === 0) continue;
    writes.push(addToCounts(authorCounterKey(userId), Object.fromEntries(moved)));
  }
  return writes;
}

export const CATEGORY_CLOSED_MESSAGE = 'A category of this article was removed meanwhile: choose another';

export const slugItem = (a: ArticleRecord) => putUnique({ ...articleSlugKey(a.slug), articleId: a._id });

/**
 * The records whose names an article's row copies (its categories, its author), listed by name references
 * (lib/db/copies.ts) so that a rename reads only their articles. Every write that changes the categories or the
 * author moves them in its transaction (nameReferenceWrites).
 */
export const ARTICLE_NAMES: NameReferences<ArticleRecord> = {
  namedBy: (a) => [
    ...a.categories.map((id) => ({ kind: 'category' as const, id })),
    ...(a.user ? [{ kind: 'user' as const, id: a.user }] : []),
  ],
  partition: articlesNaming,
  key: articleNameKey,
  rowKeyOf: (reference) => articleKey(String(reference.sk)),
};

/** The articles' collection in the title index, named in functions/search/keys.ts. */
export { ARTICLE_SEARCH };

/** What a search result row needs: the list's fields, the folded title the check reads, the ids it filters on. */
const POSTING_FIELDS = [
  '_id',
  'type',
  'status',
  'title',
  'searchTitle',
  'slug',
  'categories',
  'categoryNames',
  'user',
  'authorName',
  'publishDate',
  'createdAt',
  'updatedAt',
  'version',
  'pendingChanges',
] as const satisfies readonly (keyof ArticleRecord)[];

/** A search posting's fields: what rowView reads. */
export type ArticlePosting = Pick<ArticleRecord, (typeof POSTING_FIELDS)[number]>;

/** The article as the title index sees it: its tab is its status. */
export const searchEntry = (a: ArticleRecord): SearchEntry => ({
  id: a._id,
  createdAt: a.createdAt,
  tab: a.status,
  title: a.title,
  fields: Object.fromEntries(POSTING_FIELDS.map((k) => [k, a[k]])),
});

/**
 * The marks the backfills set on an article without moving its version (copies passes, listings-backfill.ts): a
 * write computed from the article without one of them also writes what the mark stands for, so it goes through
 * only while the mark is still unset.
 */
const BACKFILLED_MARKS = ['categoriesCounted', 'namesListed', 'authorListed', 'pagesCounted'] as const;

/** The condition that each of `marks` the stored record lacks is still unset (undefined: it has them all). */
function unsetMarks(stored: ArticleRecord, marks: readonly (keyof ArticleRecord)[]): ItemFilter | undefined {
  const unset = marks.filter((mark) => stored[mark] !== true);
  if (unset.length === 0) return undefined;
  return {
    expression: unset.map((_, i) => `(attribute_not_exists(#mark${i}) OR #mark${i} = :unmarked)`).join(' AND '),
    names: Object.fromEntries(unset.map((mark, i) => [`#mark${i}`, mark])),
    values: { ':unmarked': false },
  };
}

/** Articles as the index stores them (functions/search/writes.ts). */
export const ARTICLES_INDEXED: IndexedCollection<ArticleRecord> = {
  name: ARTICLE_SEARCH,
  itemOf: rowItem,
  entryOf: searchEntry,
  unchanged: (stored) => unsetMarks(stored, BACKFILLED_MARKS),
};

/** What the index backfill walks: every article row once, in the All tab's partition. */
export const ARTICLES_BACKFILL: BackfillSource<ArticleRecord> = {
  collection: ARTICLES_INDEXED,
  listing: { index: 'gsi1', partition: ARTICLES_PARTITION },
  recordOf: (item) => (item.sk === 'CMS' ? withoutKeys<ArticleRecord>(item) : undefined),
  keyOf: (a) => articleKey(a._id),
};

/**
 * The moves of an article in the page indexes (ARTICLE_PAGES and authorPages) from `before` (undefined,
 * or not `pagesCounted`: not counted, e.g. new, in the trash or from before the index) to `after` (undefined:
 * leaving): `ALL` and its status at its created date, in the tabs' index and its author's. A save that moves
 * neither its status nor its author writes nothing; `after`'s item must say `pagesCounted: true`.
 */
export function articlePageWrites(before: ArticleRecord | undefined, after: ArticleRecord | undefined): TransactItem[] {
  const was = before?.pagesCounted ? before : undefined;
  const moves = new Map<string, PageIndexMove[]>();
  const move = (name: string, a: ArticleRecord, delta: number) => {
    const list = moves.get(name) ?? [];
    list.push({ at: a.createdAt, bucket: 'ALL', delta }, { at: a.createdAt, bucket: a.status, delta });
    moves.set(name, list);
  };
  for (const [a, delta] of [
    [was, -1],
    [after, 1],
  ] as const) {
    if (!a) continue;
    move(ARTICLE_PAGES, a, delta);
    if (a.user) move(authorPages(a.user), a, delta);
  }
  return [...moves].flatMap(([name, list]) => pageIndexWrites(name, list));
}

export const getArticleRow = (id: string) => articleModel.get(id, true);

/** Several list rows by id (the home layout's slots); missing ids are left out. */
export async function getArticleRows(ids: readonly string[]): Promise<ArticleRecord[]> {
  return (await batchGet(ids.map(articleKey), true)).map(articleModel.recordOf);
}

/**
 * Writes a new article: its items, the status and category counters, its name references, its author's listing,
 * the page indexes, `also` (its first history entry and revision …) and its title's index terms, all or nothing.
 */
export async function insertArticle(
  row: ArticleRecord,
  content: ArticleContent,
  also: TransactItem[],
  message: ConflictMessage = ARTICLE_SLUG_TAKEN,
) {
  const listed: ArticleRecord = { ...row, namesListed: true, authorListed: true, pagesCounted: true };
  return insertIndexed(
    ARTICLES_INDEXED,
    listed,
    [
      putItem(contentItem(row, content)),
      slugItem(row),
      articleModel.counted(1),
      articleModel.counted(1, row.status),
      ...categoryCountWrites(undefined, row),
      ...nameReferenceWrites(ARTICLE_NAMES, undefined, listed),
      ...authorListingWrites(undefined, listed),
      ...articlePageWrites(undefined, listed),
      ...also,
    ],
    message,
  );
}

/**
 * Replaces the row at `current`'s version (409 when stale) with `also` (content, history, revision, draft …),
 * the status counters when the status moved, the category counters, the name references when the categories
 * or the author changed, the author's listing, the page indexes and the title index — all or nothing
 * (replaceIndexed). Returns what was stored.
 */
export async function replaceArticle(
  current: ArticleRecord,
  next: ArticleRecord,
  also: TransactItem[],
  message?: ConflictMessage,
): Promise<ArticleRecord> {
  // A reject's note belongs to the Rejected status: any move out of it drops the note and the author's copy.
  const returned = next.status === 'Rejected' ? (next.returned ?? null) : null;
  const counted: ArticleRecord = {
    ...next,
    categoriesCounted: true,
    namesListed: true,
    authorListed: true,
    pagesCounted: true,
    returned,
  };
  const writes = [
    ...also,
    ...categoryCountWrites(current, counted),
    ...nameReferenceWrites(ARTICLE_NAMES, current, counted),
    ...returnedWrites(current, counted),
    ...authorListingWrites(current, counted),
    ...articlePageWrites(current, counted),
  ];
  if (current.status !== next.status) {
    writes.push(articleModel.counted(-1, current.status), articleModel.counted(1, next.status));
  }
  return replaceIndexed(ARTICLES_INDEXED, current, counted, writes, message);
}

/** The article's history, newest first: one Query of its `AUDIT#` items. */
export async function articleHistory(id: string, limit = 200): Promise<HistoryRecord[]> {
  const items = await queryByPrefix(articleKey(id).pk, HISTORY_PREFIX, { max: limit });
  return items.map((i) => withoutKeys<HistoryRecord>(i));
}

/**
 * An author's returned articles (Rejected, with the note), newest first: one Query of their own partition, so
 * it costs what they have returned, not what the archive holds. A handful at most, sorted here.
 */
export async function returnedTo(authorId: string, max = 50): Promise<ReturnedItem[]> {
  const items = await queryAll<Record<string, unknown>>(
    { index: 'table', partition: returnedPartition(authorId) },
    max,
  );
  return items.map((i) => withoutKeys<ReturnedItem>(i)).sort((a, b) => b.at.localeCompare(a.at));
}

// The edit lock (editing/locks.ts decides; these are its reads, writes and the conditions they carry).

export const readLock = (articleId: string) => getRecord<LockRecord>(articleLockKey(articleId), true);

/** In a save's transaction: the caller still holds a live lock. */
export const lockHeldCheck = (articleId: string, userId: string, now: Date) =>
  conditionCheck(articleLockKey(articleId), {
    ConditionExpression: 'holderId = :me AND lapsesAt > :now',
    ExpressionAttributeValues: { ':me': userId, ':now': now.getTime() },
  });

/** In a list action's transaction: nobody else holds a live lock. */
export const noOthersLockCheck = (articleId: string, userId: string, now: Date) =>
  conditionCheck(articleLockKey(articleId), {
    ConditionExpression: 'attribute_not_exists(pk) OR holderId = :me OR lapsesAt <= :now',
    ExpressionAttributeValues: { ':me': userId, ':now': now.getTime() },
  });

/** Which lock check of a transaction failed: `held` (lockHeldCheck), `others` (noOthersLockCheck), or none. */
export function failedLockCheck(failed: TransactItem | undefined): 'held' | 'others' | undefined {
  const check = failed?.ConditionCheck;
  if (check?.Key?.sk !== articleLockKey('').sk) return undefined;
  return check.ConditionExpression?.startsWith('attribute_not_exists') ? 'others' : 'held';
}

/**
 * Writes `lock` if the stored lock is still `current` (none: still none), so two people opening at once cannot
 * both get it; false when it moved meanwhile.
 */
export function writeLock(articleId: string, lock: LockRecord, current: LockRecord | undefined): Promise<boolean> {
  // DynamoDB deletes lapsed locks in its own time; lapsesAt is what counts.
  const item = { ...articleLockKey(articleId), ...lock, [TTL_ATTRIBUTE]: Math.ceil(lock.lapsesAt / 1000) + 3600 };
  const unchanged: WriteCondition = current
    ? {
        ConditionExpression: 'holderId = :holder AND lapsesAt = :lapses',
        ExpressionAttributeValues: { ':holder': current.holderId, ':lapses': current.lapsesAt },
      }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  return conditionalWrite(putOne(item, unchanged));
}

/** Deletes the lock if `holderId` holds it; someone else's is left alone. */
export async function deleteLockOf(articleId: string, holderId: string): Promise<void> {
  await conditionalWrite(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: articleLockKey(articleId),
        ConditionExpression: 'holderId = :me',
        ExpressionAttributeValues: { ':me': holderId },
      }),
    ),
  );
}

// Autosaves (editing/autosave.ts): one item a user and article, expiring on their own.

export async function putAutosave(articleId: string, userId: string, record: AutosaveRecord, expiresAt: number) {
  await putOne({ ...articleAutosaveKey(articleId, userId), ...record, [TTL_ATTRIBUTE]: expiresAt });
}

export const readAutosaveRecord = (articleId: string, userId: string) =>
  getRecord<AutosaveRecord>(articleAutosaveKey(articleId, userId), true);

export const deleteAutosave = (articleId: string, userId: string) => deleteOne(articleAutosaveKey(articleId, userId));

/** In a save's transaction: the saver's autosave is spent. */
export const autosaveSpent = (articleId: string, userId: string): TransactItem =>
  deleteItem(articleAutosaveKey(articleId, userId));

// Revisions (editing/revisions.ts): `REV#<N>`, put in the save's transaction, expired by TTL.

export const revisionItem = (articleId: string, revision: RevisionRecord): TransactItem =>
  putItem({ ...articleRevisionKey(articleId, revision.number), ...revision });

/** Every stored revision item, newest first (expired ones too, until DynamoDB's TTL removes them). */
export const revisionItemsOf = (articleId: string) => queryByPrefix(articleKey(articleId).pk, REVISION_PREFIX);

export const revisionItemOf = (articleId: string, revision: number) =>
  getRecord<Record<string, unknown>>(articleRevisionKey(articleId, revision), true);

/** Revision `number` expires at `expiresAt` (epoch seconds), unless it went live or is gone. */
export async function expireRevision(articleId: string, number: number, expiresAt: number): Promise<void> {
  await conditionalWrite(
    updateOne(articleRevisionKey(articleId, number), {
      UpdateExpression: 'SET #ttl = :at',
      ConditionExpression: 'attribute_exists(pk) AND live = :no',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':at': expiresAt, ':no': false },
    }),
  );
}

// What a one-off migration of stored bodies reads and writes (infra/aws/migrate-sanitize.ts).

/** One page of article ids from the articles' index (gsi1 `CMS`: one entry per article, no Scan). */
export async function articleIdsPage(start: Record<string, unknown> | undefined, limit: number) {
  const out = await queryOnePage({ index: 'gsi1', partition: ARTICLES_PARTITION }, start, limit);
  const ids = (out.Items ?? []).filter((i) => i.sk === CMS_ENTITY).map((i) => String(i._id));
  return { ids, next: out.LastEvaluatedKey };
}

/**
 * The versions first, the contents after: a content item read later is at least as new as the version read, so
 * the conditional write can only fail on a newer save, never overwrite it.
 */
export async function versionsThenContents(ids: string[]) {
  const rows = await batchGet(ids.map(articleKey), true);
  const versions = new Map(rows.map((r) => [String(r._id), Number(r.version)]));
  const contents = await batchGet(ids.map(articleContentKey), true);
  return { versions, contents };
}

/**
 * Rewrites the sections if the row is still at `version`; false when a save came in between. The version is
 * not bumped: nobody with the article open gets a conflict.
 */
export async function writeCleanSections(id: string, version: number, body: unknown): Promise<boolean> {
  const atVersion = conditionCheck(articleKey(id), {
    ConditionExpression: '#version = :version',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':version': version },
  });
  const rewrite = updateItem(articleContentKey(id), {
    UpdateExpression: 'SET #body = :body',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#body': 'body' },
    ExpressionAttributeValues: { ':body': body },
  });
  return conditionalWrite(db().send(new TransactWriteCommand({ TransactItems: [atVersion, rewrite] })));
}
