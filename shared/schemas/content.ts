/**
 * The delivery API's inputs and answers (CONTRACT.md §7 Delivery): what the reader-facing site reads. Every answer
 * holds published content only, and of the staff only an author's public name and page slug.
 */

import type { ArticleType } from '../constants';
import type { RenditionRef } from '../renditions';
import type { Section } from './article-body';
import type { SeoView } from './common';
import * as z from './z';

/** At most this many entries a page of any list. */
export const CONTENT_PAGE_MAX = 50;
export const CONTENT_PAGE_DEFAULT = 20;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${CONTENT_PAGE_MAX}`;
const limitField = z
  .optional(
    z.pipe(
      z.string({ error: LIMIT_MESSAGE }),
      z.transform(Number).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= CONTENT_PAGE_MAX, LIMIT_MESSAGE)),
    ),
  )
  .check(z.describe(`Entries per page, 1 to ${CONTENT_PAGE_MAX} (${CONTENT_PAGE_DEFAULT} when left out).`));

/** A page's `next`: the publish date and id of the last entry of the page before. */
export const CONTENT_CURSOR = /^\d{4}-\d{2}-\d{2}(T[0-9:.]{5,15}Z)?#[0-9A-HJKMNP-TV-Z]{26}$/;

const cursorField = z
  .optional(z.string().check(z.regex(CONTENT_CURSOR, 'cursor must be the next of a page this API gave')))
  .check(z.describe('The `next` of the page before (left out: the newest entries).'));

export const contentPageQuerySchema = z.object({ cursor: cursorField, limit: limitField });
export type ContentPageQuery = z.infer<typeof contentPageQuerySchema>;

/** A search reads its matches in order of their pages: its cursor is the next page's number. */
export const CONTENT_SEARCH_PAGES_MAX = 20;
const searchCursorField = z
  .optional(
    z.string().check(
      z.regex(/^[1-9][0-9]?$/, 'cursor must be the next of a page this API gave'),
      z.refine(
        (n) => Number(n) <= CONTENT_SEARCH_PAGES_MAX,
        `A search shows at most ${CONTENT_SEARCH_PAGES_MAX} pages`,
      ),
    ),
  )
  .check(z.describe('The `next` of the page before (left out: the first page).'));

export const contentSearchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'q is required'), z.maxLength(100, 'q is at most 100 characters')),
  cursor: searchCursorField,
  limit: limitField,
});
export type ContentSearchQuery = z.infer<typeof contentSearchQuerySchema>;

// ---- What the API returns (types only) ----

/**
 * An image as a site shows it: its served original, and for a photo or graphic its size and every rendition
 * (`w<width>` for srcset, crops around the focal point for cards and social cards), each with its width and height.
 */
export interface PublicImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
  renditions?: RenditionRef[];
}

export interface PublicCategoryRef {
  name: string;
  slug: string;
}

/** An author as readers see them: the public name, and the slug of their page. */
export interface PublicAuthor {
  name: string;
  slug: string;
}

/** An article in a list: what a card on the site renders. */
export interface PublicCard {
  id: string;
  type: ArticleType;
  title: string;
  slug: string;
  /** This article in the delivery API. */
  path: string;
  /** The address the article is read at on the site: its canonical URL when the newsroom set one, else null. */
  url: string | null;
  categories: PublicCategoryRef[];
  author: PublicAuthor;
  publishDate: string;
  image: PublicImage | null;
  description: string;
  isSponsored: boolean;
  /** Galleries' tags (an article of another type has none). */
  tags: string[];
}

/** A video or a gallery picture: its address and caption. */
export interface PublicMediaItem {
  url: string;
  caption: string;
  /** An uploaded picture's size and renditions (a gallery item); absent for links and videos. */
  width?: number;
  height?: number;
  renditions?: RenditionRef[];
}

/** GET /content/v1/articles/{slug} and /content/v1/articles/id/{id}. */
export interface PublicArticle extends PublicCard {
  canonicalUrl: string;
  seo: SeoView;
  imageTitle: string;
  /** The body as blocks (Editor.js data, sanitized on save) by section. */
  sections: Section[];
  /** The same body as HTML: every value escaped, inline markup through the same allow-list. */
  html: string;
  videos: PublicMediaItem[];
  gallery: PublicMediaItem[];
  updatedAt: string;
}

/** A page of a list, newest first; `next` is the cursor of the following page, null at the end. */
export interface PublicPage<T> {
  list: T[];
  next: string | null;
}

/** A category's page: the category, then (PublicCategoryPage) its articles. */
export interface PublicCategory {
  id: string;
  name: string;
  slug: string;
  parent: PublicCategoryRef | null;
  description: string;
  image: PublicImage | null;
  seo: SeoView;
}

export interface PublicHomeSection {
  name: string;
  type: string;
  template: string;
  color: string;
  category: PublicCategoryRef | null;
  articles: PublicCard[];
}

/** GET /content/v1/home: the home page as the newsroom laid it out, with only what is published. */
export interface PublicHome {
  headlines: PublicCard[];
  topStory: PublicCard[];
  coverStory: PublicCard | null;
  sections: PublicHomeSection[];
}

export interface PublicMenuItem {
  title: string;
  /** A custom link's address, or a category's page in the delivery API. */
  url: string;
  type: 'category' | 'custom';
  category: PublicCategoryRef | null;
  children: PublicMenuItem[];
}

/** GET /content/v1/menus/{name}: the active menu of that name as a tree. */
export interface PublicMenu {
  name: string;
  title: string;
  items: PublicMenuItem[];
}

/** GET /content/v1/site: branding, SEO and social links. */
export interface PublicSite {
  siteName: string;
  logo: { url: string } | null;
  favicon: { url: string } | null;
  seo: SeoView;
  footerCopyright: string;
  googleAnalytics: string;
  facebookAnalytics: string;
  social: { facebook: string; twitter: string; instagram: string; linkedIn: string };
}

export interface PublicBreakingNews {
  id: string;
  title: string;
  url: string | null;
  createdAt: string;
}

export interface PublicEpaper {
  id: string;
  title: string;
  slug: string;
  publishDate: string;
  pdf: { url: string };
  seo: SeoView;
}
