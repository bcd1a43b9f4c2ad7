/**
 * How an article is stored: its records and the items they become. An article is a list row (`CMS`), a
 * content item (`CONTENT`), a slug item and history entries in its item collection (keys.ts), plus the status
 * counters. Only the article module writes these items.
 */
import type { ArticleStatus, ArticleType } from '../../shared/constants';
import type { ArticleFields } from '../../shared/schemas/article';
import type { Section } from '../../shared/schemas/article-body';
import type {
  ArticleHistoryEntry,
  MediaItemValue,
  PendingChanges,
  ReviewNote,
  RevisionSummary,
} from '../../shared/schemas/article-record';
import type { NamedRef, SeoView } from '../../shared/schemas/common';
import { CATEGORY_ARTICLES_COUNT, CATEGORY_CLOSED, categoryArticlesKey } from '../category/keys';
import type { NameReferences } from '../lib/db/copies';
import { counterKey } from '../lib/db/counter-keys';
import { addToCounts, counterMove } from '../lib/db/counters';
import { type PageIndexMove, pageIndexWrites } from '../lib/db/page-index';
import type { ItemFilter } from '../lib/db/paging';
import { deleteItem, putItem, putUnique, type TransactItem, withoutKeys } from '../lib/db/records';
import type { BackfillSource } from '../search/backfill';
import type { IndexedCollection, SearchEntry } from '../search/writes';
import {
  ARTICLE_PAGES,
  ARTICLES_PARTITION,
  articleByAuthorKey,
  articleContentKey,
  articleHistoryKey,
  articleKey,
  articleNameKey,
  articleSlugKey,
  articlesByCreatedAt,
  articlesByStatus,
  articlesByUpdatedAt,
  articlesNaming,
  articlesOfAuthorInStatus,
  authorCounterKey,
  authorPages,
  CMS_ENTITY,
  returnedKey,
  scheduledByPublishDate,
} from './keys';

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
  /** How much of it the title index holds, under which terms (IndexedRecord). */
  searchIndexed?: boolean | number;
  searchIndexVersion?: number;
  /** A live article's saved changes waiting in its `DRAFT` item; null or absent when none. */
  pendingChanges?: PendingChanges | null;
  /** How many revisions it has stored: the next one's number is this plus one. */
  revisions?: number;
  /** Whether its categories' article counters count it (articles from before the counters wait for the backfill). */
  categoriesCounted?: boolean;
  /** Whether its name references are written (ARTICLE_NAMES; articles from before them wait for the backfill). */
  namesListed?: boolean;
  /**
   * Whether its author's listing item and counters hold it (authorListingWrites; articles from before them wait
   * for the backfill, author-listing.ts).
   */
  authorListed?: boolean;
  /**
   * Whether the page indexes of the tabs and of its author's listing count it (articlePageWrites; articles from
   * before them wait for the backfill, listings-backfill.ts).
   */
  pagesCounted?: boolean;
  /** While it is Rejected: the reviewer's note, also listed on the author's dashboard (returnedWrites). */
  returned?: ReviewNote | null;
}

/** A live article's saved, unpublished changes: the fields of the save that made them. */
export interface DraftRecord extends PendingChanges {
  fields: ArticleFields;
}

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

/** The content: read only by the detail call. */
export interface ArticleContent {
  description: string;
  canonicalUrl: string;
  seo: SeoView;
  body: Section[];
  imageAlt: string;
  imageTitle: string;
  tags: string[];
  videos: MediaItemValue[];
  gallery: MediaItemValue[];
}

/** A history entry is stored as GET /cms/history/{id} returns it. */
export type HistoryRecord = ArticleHistoryEntry;

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
 * The author's copy of a reject's note (keys.ts, `returnedKey`), kept in step with the row in the row's own
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
 * The moves of the per-category article counters (functions/category/keys.ts) from `before` (undefined: not
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

/** An article in its author's listing (keys.ts, articleByAuthorKey): in All by its key, in its status through gsi2. */
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

/** The articles' collection in the title index (functions/search/). */
export const ARTICLE_SEARCH = 'CMS';

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
 * The moves of an article in the page indexes (keys.ts, ARTICLE_PAGES and authorPages) from `before` (undefined,
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
