/**
 * An article's records as stored (model.ts declares their keys, items and writes, and re-exports these): the list
 * row, the content, a live article's draft, the edit lock, and what an editor's read returns of them. Types only,
 * kept apart so that code which only reads an article, the public preview Lambda's above all, reaches none of the
 * article's writes.
 */
import type { ArticleStatus, ArticleType } from '../../shared/constants';
import type { ArticleFields } from '../../shared/schemas/article';
import type { Section } from '../../shared/schemas/article-body';
import type { MediaItemValue, PendingChanges, ReviewNote } from '../../shared/schemas/article-record';
import type { NamedRef, SeoView } from '../../shared/schemas/common';

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
  /** The author's name as of the save, for a preview of a draft that moves the article to another author. */
  authorName?: string;
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

/** The `LOCK` item of an article (editing/locks.ts). */
export interface LockRecord {
  holder: NamedRef;
  /** The holder's id again, top level, for the conditions. */
  holderId: string;
  since: string;
  /** When it lapses unless refreshed (epoch ms). */
  lapsesAt: number;
  /** Whom the holder took it over from, when they did. */
  takenFrom: NamedRef | null;
}

/** What an editor opens: the row, the content, a live article's unpublished changes and the edit lock. */
export interface LoadedArticle {
  row: ArticleRecord;
  content: ArticleContent;
  draft?: DraftRecord;
  lock?: LockRecord;
}
