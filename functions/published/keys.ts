/**
 * The published projection's keys and layout: what readers may see, kept apart from the newsroom's records under keys that all start
 * `PUB#`, and written only by the content-changes consumer (functions/content-changes/) from the records' changes.
 * The delivery API (functions/content/) reads nothing else (but the title index's Published tab and content keys),
 * and its IAM policy holds it to that (functions/content/access.ts): a draft, a user or an unpublished change is
 * not in its reach.
 *
 * - A document (`PUB#DOC#<name>` / `PART#` and its part's number in three digits, from zero): a JSON answer as the API sends it, stored whole
 *   (split in parts below DynamoDB's item limit), with its ETag (SHA-256 of the JSON) on the first part and the
 *   `state` its writer diffs the next change against. Site, home, menus, breaking news, each article
 *   (`ART#<id>`), each category (`CAT#<slug>`) and author (`AUTHOR#<slug>`).
 * - An article's slug (`PUB#SLUG#<slug>` / `SLUG`): its id and ETag, so a request by slug is two reads, and a
 *   revalidation one.
 * - Feeds (`PUB#FEED#<feed>` / `<publish date>#<id>`), newest first, each entry an article's card (or an
 *   edition): every article (`ALL`), a category's (`CAT#<slug>`), an author's (`BY#<slug>`), a tag's (`TAG#<tag>`),
 *   the e-papers (`EPAPER`). An entry dated after now is not read (the key condition stops before it).
 */
import { createHash } from 'node:crypto';
import type { PublicCard } from '../../shared/schemas/content';

export type ItemKey = { pk: string; sk: string };

/** Below DynamoDB's 400 KB item limit, with room for the keys and the first part's attributes. */
export const PART_CHARACTERS = 90_000;
export const partKey = (n: number) => `PART#${String(n).padStart(3, '0')}`;
export const FIRST_PART = partKey(0);

export const DOC_PREFIX = 'PUB#DOC#';
export const docPartition = (name: string) => `${DOC_PREFIX}${name}`;

/** The documents' names. */
export const DOCS = {
  site: 'SITE',
  home: 'HOME',
  breakingNews: 'BREAKING',
  menu: (name: string) => `MENU#${name}`,
  article: (id: string) => `ART#${id}`,
  category: (slug: string) => `CAT#${slug}`,
  /** What a category's page was made from last (its slug and name), by id. */
  categoryId: (id: string) => `CATID#${id}`,
  epaper: (id: string) => `EPAPER#${id}`,
  /** The projection's own marks (which version the backfill made). */
  mark: (name: string) => `MARK#${name}`,
  author: (slug: string) => `AUTHOR#${slug}`,
} as const;

export const slugKey = (slug: string): ItemKey => ({ pk: `PUB#SLUG#${slug}`, sk: 'SLUG' });

export const FEEDS = {
  all: 'ALL',
  /** By the category's slug, so its page reads the feed beside the category's own document. */
  category: (slug: string) => `CAT#${slug}`,
  author: (slug: string) => `BY#${slug}`,
  tag: (tag: string) => `TAG#${tag}`,
  epapers: 'EPAPER',
} as const;
export const feedPartition = (feed: string) => `PUB#FEED#${feed}`;
export const feedSortKey = (publishDate: string, id: string) => `${publishDate}#${id}`;

/** A strong ETag of a JSON body. */
export const etagOf = (json: string) => `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;

/** A stored document: its JSON as sent, its ETag, and what its writer keeps beside it. */
export interface StoredDoc<S = unknown> {
  json: string;
  etag: string;
  state?: S;
}

/** How many items a document of `json` takes. */
export const partsOf = (json: string) => Math.max(1, Math.ceil(json.length / PART_CHARACTERS));

/** A tag's key in its feed and page address: lower case, spaces as hyphens. */
export const tagKey = (tag: string) => tag.trim().toLowerCase().replace(/\s+/g, '-');

/** What an article's document keeps for the next change: what it showed and where (content-changes/articles.ts). */
export interface ArticleState {
  slug: string;
  title: string;
  sortKey: string;
  feeds: string[];
  /** The list pages holding its card (category, author, tag pages, the latest and search). */
  listPaths: string[];
  card: PublicCard;
  parts: number;
}
