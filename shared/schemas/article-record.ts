/** What the article routes return (types only): the list row, the detail an editor opens, its history. */
import type { ArticleStatus, ArticleType } from '../constants';
import type { ArticleFields } from './article';
import type { Section } from './article-body';
import type { MediaRef, NamedRef, SeoView } from './common';

/** One row of GET /cms. Author and category names are as of the article's last save. */
export interface ArticleRow {
  _id: string;
  title: string;
  slug: string;
  /** The article's path on the site (`/<slug>`). */
  url: string;
  type: ArticleType;
  status: ArticleStatus;
  categories: NamedRef[];
  user: NamedRef | null;
  publishDate: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** A live (Published or Scheduled) article's saved changes not yet published: "Published · unpublished changes". */
  pendingChanges: PendingChanges | null;
  /** The cover image's URL (null: none); only when the list was asked for it (`images=true`). */
  imageUrl?: string | null;
}

export interface PendingChanges {
  at: string;
  by: NamedRef | null;
}

/** The editor's fields as a save sends them (without version and action): what drafts, autosaves and revisions hold. */
export type ArticleFieldValues = ArticleFields;

/**
 * The saved, unpublished changes of a live article: the editor opens these (the live version stays on the site
 * until Publish); Discard changes drops them.
 */
export interface ArticleDraft extends PendingChanges {
  fields: ArticleFieldValues;
  /** The files the draft references, by asset id. */
  media: Record<string, MediaRef>;
}

/** GET /cms/{id}/autosave: the caller's autosave, when it is newer than the article's last save. */
export interface ArticleAutosave {
  fields: ArticleFieldValues;
  /** The article's version the editor had open. */
  baseVersion: number;
  savedAt: string;
}

/** POST /cms/{id}/autosave. */
export interface AutosaveReceipt {
  savedAt: string;
}

/**
 * POST /cms/{id}/lock: who holds the edit lock. `mine` is false when someone else holds a live lock (the editor
 * then opens read-only and offers Take over); `takenFrom` names whom the caller took it over from.
 */
export interface EditLock {
  mine: boolean;
  holder: NamedRef;
  since: string;
  expiresAt: string;
  takenFrom: NamedRef | null;
}

/** One revision in GET /cms/{id}/revisions: a full copy of what a Save or Publish stored. */
export interface RevisionSummary {
  /** 1, 2, 3 … in the order they were saved. */
  number: number;
  /** The article's version that save produced. */
  version: number;
  at: string;
  by: NamedRef | null;
  /** The save's action (`save`, `publish`, `restore` …). */
  action: string;
  status: ArticleStatus;
  /** Whether it went live (readers saw it): kept for good. */
  live: boolean;
  title: string;
  /** The stored size of the revision, in bytes. */
  bytes: number;
}

/** GET /cms/{id}/revisions/{number}. */
export interface Revision extends RevisionSummary {
  fields: ArticleFieldValues;
  media: Record<string, MediaRef>;
}

/** A video or a gallery image as stored: a link or an uploaded file (asset id), with a caption. */
export interface MediaItemValue {
  url: string;
  description: string;
  file: string | null;
}

/** GET /cms/detail/{id}, and what the writes return: everything an editor needs. */
export interface ArticleDetail extends Omit<ArticleRow, 'categories' | 'user' | 'imageUrl'> {
  /** Category ids. */
  categories: string[];
  /** The author's user id, and their name as of the last save. */
  user: string;
  authorName: string;
  description: string;
  canonicalUrl: string;
  seo: SeoView;
  body: Section[];
  /** The cover image (asset id). */
  image: string | null;
  imageAlt: string;
  imageTitle: string;
  isSponsored: boolean;
  tags: string[];
  videos: MediaItemValue[];
  gallery: MediaItemValue[];
  /** Every referenced file (cover, videos, gallery images) by asset id. */
  media: Record<string, MediaRef>;
  views: number;
  /** Who saved it last: shown when a save is refused as stale. */
  updatedBy: NamedRef | null;
  /** A live article's unpublished changes, which the editor opens instead of the live fields; null when none. */
  draft: ArticleDraft | null;
  /** While it is Rejected: the reviewer's note to the author, who wrote it and when; null otherwise. */
  returned: ReviewNote | null;
}

/** A reject's note to the author (CONTRACT.md §4). */
export interface ReviewNote {
  note: string;
  at: string;
  by: NamedRef;
}

/** One entry of GET /cms/history/{id}: who changed what, when, and the status move. */
export interface ArticleHistoryEntry {
  _id: string;
  at: string;
  by: NamedRef | null;
  /** `create`, a workflow action, or `publisher` for the scheduled job. */
  action: string;
  from: ArticleStatus | null;
  to: ArticleStatus;
  /** Names of the fields this save changed (empty for a status-only action). */
  changed: string[];
  /** A reject's note to the author. */
  note?: string;
}

/** GET /cms/notification: articles waiting in Need Review (the header's count). */
export interface ReviewCount {
  count: number;
}

/** GET /cms/counts: how many articles each status holds, and all of them (`ALL`), from the counters. */
export type ArticleCounts = Record<'ALL' | ArticleStatus, number>;

/** POST /cms/getHtml/: the text of an uploaded PDF, one entry per paragraph. */
export interface ImportedText {
  text: string;
  paragraphs: string[];
  pages: number;
}
