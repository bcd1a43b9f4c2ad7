/**
 * An article as readers get it, made from its records and what they name: its document (publicArticle), its card
 * (cardOf) and its author's page slug. Pure: the caller reads the article and the categories and files it names
 * (articleReferences), the content-changes consumer for the published projection and the preview Lambda for a
 * preview, so the preview shapes its answer as the delivery API does while reaching no write command. The records'
 * types come from article/records.ts, which imports nothing of the article's code.
 */
import { createHash } from 'node:crypto';
import { escapeHtml, renderBlocks } from '../../shared/render-blocks';
import type { MediaRef } from '../../shared/schemas/common';
import type {
  PublicArticle,
  PublicAuthor,
  PublicCard,
  PublicCategoryRef,
  PublicMediaItem,
} from '../../shared/schemas/content';
import { slugify } from '../../shared/slug';
import type { ArticleContent, ArticleRecord } from '../article/records';
import { PUBLIC_PATHS } from './public-paths';

/** What the document shows of an article's row and content, as stored (article/records.ts). */
export interface ArticleSource {
  row: Pick<
    ArticleRecord,
    | '_id'
    | 'type'
    | 'title'
    | 'slug'
    | 'categories'
    | 'user'
    | 'authorName'
    | 'image'
    | 'publishDate'
    | 'isSponsored'
    | 'updatedAt'
  >;
  content: ArticleContent;
}

/** The records an article names, as its caller read them: categories by id, files by asset id. */
export interface ArticleLookups {
  /** A category missing here (removed meanwhile) is left out of the document. */
  categories: ReadonlyMap<string, { name: string; slug: string }>;
  /** A file missing here is shown without an address. */
  media: Readonly<Record<string, MediaRef>>;
}

/** The ids an article's document looks up: its categories, and the files of its cover, videos and gallery. */
export const articleReferences = ({ row, content }: ArticleSource) => ({
  categories: row.categories,
  media: [row.image, ...content.videos.map((v) => v.file), ...content.gallery.map((g) => g.file)],
});

/**
 * An author's page slug: their public name as a slug, and a short digest of their user id so that two authors of
 * one name have two pages. The digest cannot be turned back into the id.
 */
export function authorSlug(name: string, userId: string): string {
  const digest = createHash('sha256').update(`author:${userId}`).digest('hex').slice(0, 6);
  const base = slugify(name, 'latin') || 'author';
  return `${base}-${digest}`;
}

/** A picture's size and renditions, when the file is one. */
const pictureOf = (file: MediaRef | undefined) =>
  file?.renditions ? { width: file.width, height: file.height, renditions: file.renditions } : {};

/** The article as readers get it, from its records (never a draft, unless a preview asks) and what they name. */
export function publicArticle({ row, content }: ArticleSource, lookups: ArticleLookups): PublicArticle {
  const { media } = lookups;
  const categories = row.categories.flatMap((id): PublicCategoryRef[] => {
    const c = lookups.categories.get(id);
    return c ? [{ name: c.name, slug: c.slug }] : [];
  });
  const urlOf = (item: { url: string; file: string | null }) => (item.file ? (media[item.file]?.url ?? '') : item.url);
  const mediaItems = (items: typeof content.videos): PublicMediaItem[] =>
    items.flatMap((item) => {
      const url = urlOf(item);
      return url ? [{ url, caption: item.description, ...pictureOf(item.file ? media[item.file] : undefined) }] : [];
    });
  const author: PublicAuthor = { name: row.authorName, slug: authorSlug(row.authorName, row.user) };
  const cover = row.image ? media[row.image] : undefined;
  const image = cover ? { url: cover.url, alt: content.imageAlt || cover.alt || '', ...pictureOf(cover) } : null;
  const html = content.body
    .map((section) => {
      const title = section.title?.trim() ? `<h2>${escapeHtml(section.title)}</h2>\n` : '';
      return `<section>\n${title}${renderBlocks(section.body)}\n</section>`;
    })
    .join('\n');
  return {
    id: row._id,
    type: row.type,
    title: row.title,
    slug: row.slug,
    path: PUBLIC_PATHS.article(row.slug),
    url: content.canonicalUrl || null,
    categories,
    author,
    publishDate: row.publishDate ?? '',
    image,
    description: content.description,
    isSponsored: row.isSponsored,
    tags: row.type === 'Gallery' ? content.tags : [],
    canonicalUrl: content.canonicalUrl,
    seo: content.seo,
    imageTitle: content.imageTitle,
    sections: content.body,
    html,
    videos: mediaItems(content.videos),
    gallery: mediaItems(content.gallery),
    updatedAt: row.updatedAt,
  };
}

/** The card of an article: the document without its body. */
export function cardOf(article: PublicArticle): PublicCard {
  const {
    canonicalUrl: _c,
    seo: _s,
    imageTitle: _t,
    sections: _b,
    html: _h,
    videos: _v,
    gallery: _g,
    updatedAt: _u,
    ...card
  } = article;
  return card;
}
