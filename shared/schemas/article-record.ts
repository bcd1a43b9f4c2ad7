/** What the article routes return (types only): the list row, the detail an editor opens, its history. */
import type { ArticleStatus, ArticleType } from '../constants';
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
}

/** A video or a gallery image as stored: a link or an uploaded file (asset id), with a caption. */
export interface MediaItemValue {
  url: string;
  description: string;
  file: string | null;
}

/** GET /cms/detail/{id}, and what the writes return: everything an editor needs. */
export interface ArticleDetail extends Omit<ArticleRow, 'categories' | 'user'> {
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
}

/** GET /cms/notification: articles waiting in Need Review (the header's count). */
export interface ReviewCount {
  count: number;
}

/** POST /cms/getHtml/: the text of an uploaded PDF, one entry per paragraph. */
export interface ImportedText {
  text: string;
  paragraphs: string[];
  pages: number;
}
