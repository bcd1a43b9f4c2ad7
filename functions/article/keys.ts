/**
 * Keys of articles. An article is two items: the list row (`CMS`: what lists, filters and the publisher
 * read, kept small so a page of ten costs about one read unit) and its content (`CONTENT`: sections, videos,
 * gallery, SEO), read only by the detail call. Its history lives in the same item collection.
 */
import type { Named } from '../lib/db/copies';
import { lookalikeKey } from '../lib/lookalike';

export const CMS_ENTITY = 'CMS';

export const articleKey = (id: string) => ({ pk: `CMS#${id}`, sk: 'CMS' });
export const articleContentKey = (id: string) => ({ pk: `CMS#${id}`, sk: 'CONTENT' });
/**
 * A live article's saved, unpublished changes (`DRAFT`) and its edit lock (`LOCK`) sort right after `CONTENT`:
 * the editor's read (getArticle) is one Query of `CMS` … `LOCK`. Autosaves (`AUTOSAVE#`, before `CMS`) and
 * revisions (`REV#`, after `LOCK`) stay out of it.
 */
export const articleDraftKey = (id: string) => ({ pk: `CMS#${id}`, sk: 'DRAFT' });
export const articleLockKey = (id: string) => ({ pk: `CMS#${id}`, sk: 'LOCK' });
export const ARTICLE_READ_RANGE = { from: 'CMS', to: 'LOCK' } as const;
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

/** gsi1: every article (the All tab), newest first. */
export const ARTICLES_PARTITION = 'CMS';
export const articlesByCreatedAt = (createdAt: string, id: string) => ({
  gsi1pk: ARTICLES_PARTITION,
  gsi1sk: `${createdAt}#${id}`,
});
/** gsi2: articles in one status (the list tabs), newest first. */
export const articlesByStatus = (status: string, createdAt: string, id: string) => ({
  gsi2pk: articleStatusPartition(status),
  gsi2sk: `${createdAt}#${id}`,
});
export const articleStatusPartition = (status: string) => `CMS#${status}`;

/**
 * The page indexes of the lists by created date (lib/db/page-index.ts), so that any page by its number is a few
 * small reads: one for the All and status tabs (`ALL` and a bucket a status), one an author for their listing.
 */
export const ARTICLE_PAGES = 'CMS';
export const authorPages = (userId: string) => `CMSBY#${userId}`;

/** gsi4: every article by its last update, newest first (the dashboard). */
export const articlesByUpdatedAt = (updatedAt: string, id: string) => ({
  gsi4pk: ARTICLES_PARTITION,
  gsi4sk: `${updatedAt}#${id}`,
});

/** gsi3 (sparse): only Scheduled articles carry it, sorted by publish date, for the publisher. */
export const SCHEDULED_PARTITION = 'CMS#SCHEDULED';
export const scheduledByPublishDate = (publishDate: string, id: string) => ({
  gsi3pk: SCHEDULED_PARTITION,
  gsi3sk: `${publishDate}#${id}`,
});

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
