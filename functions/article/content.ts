/**
 * An article's content as a save makes it from the fields sent, and as stored content may be shown. Kept apart from
 * fields.ts and views.ts (which re-export it) so that the public preview Lambda, which shows a draft's fields as a
 * save would store them, reaches none of the checks and reads those modules make (users, categories, files).
 */
import { sanitizeSections } from '../../shared/rich-text';
import { ARTICLE_MESSAGES, type ArticleFields, MAX_CONTENT_BYTES } from '../../shared/schemas/article';
import { payloadTooLarge } from '../lib/errors';
import type { ArticleContent } from './records';

/** 413 when an article's content (or an autosave's fields) would not fit the stored item (CONTRACT.md §5). */
export function requireContentFits(content: unknown): void {
  if (Buffer.byteLength(JSON.stringify(content)) > MAX_CONTENT_BYTES) throw payloadTooLarge(ARTICLE_MESSAGES.tooLong);
}

export function contentOf(fields: ArticleFields): ArticleContent {
  const sent: ArticleContent = {
    description: fields.description ?? '',
    canonicalUrl: fields.canonicalUrl ?? '',
    seo: {
      title: fields.seo?.title ?? '',
      description: fields.seo?.description ?? '',
      metaTags: fields.seo?.metaTags?.[0] ? [{ property: 'keywords', content: fields.seo.metaTags[0].content }] : [],
    },
    body: fields.body ?? [],
    imageAlt: fields.imageAlt ?? '',
    imageTitle: fields.imageTitle ?? '',
    tags: fields.tags ?? [],
    videos: (fields.videos ?? []).map((v) => ({
      url: v.url ?? '',
      description: v.description ?? '',
      file: v.file ?? null,
    })),
    gallery: (fields.gallery ?? []).map((g) => ({
      url: g.url ?? '',
      description: g.description ?? '',
      file: g.file ?? null,
    })),
  };
  // Measured as sent, so an article too large is refused before its HTML is parsed; then measured cleaned, which
  // can come out longer (`<` as `&lt;`, every open tag closed).
  requireContentFits(sent);
  // Parsed by the strict block schemas; the HTML inside is cleaned here, on every write.
  const content = { ...sent, body: sanitizeSections(sent.body) };
  requireContentFits(content);
  return content;
}

export const publishDateOf = (fields: ArticleFields) =>
  fields.publishDate ? new Date(fields.publishDate).toISOString() : null;

/**
 * Stored content as it may be shown: section bodies cleaned again on every read, so an article saved before
 * writes were cleaned (or written around the API) reaches the editor and the preview harmless.
 */
export const readableContent = (content: ArticleContent): ArticleContent => ({
  ...content,
  body: sanitizeSections(content.body),
});
