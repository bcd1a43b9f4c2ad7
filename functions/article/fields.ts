/**
 * An article's fields as a save sends them, and what the API makes of them: the references checked (author,
 * categories, verified files), the content item, and the fields kept in drafts and revisions.
 */
import type { ArticleType, UploadPurpose } from '../../shared/constants';
import { ARTICLE_RESOURCE, canAccess } from '../../shared/permissions';
import { sanitizeSections } from '../../shared/rich-text';
import { ARTICLE_MESSAGES, type ArticleFields, MAX_CONTENT_BYTES } from '../../shared/schemas/article';
import { requireVerifiedFiles } from '../asset/references';
import { listAllCategories } from '../category/model';
import { badRequest, forbidden, payloadTooLarge } from '../lib/errors';
import type { AuthUser } from '../user/auth-user';
import { getUserById } from '../user/model';
import type { ArticleContent, ArticleRecord } from './model';

const COVER_PURPOSES: Record<ArticleType, UploadPurpose[]> = {
  Article: ['cover-image'],
  Blog: ['cover-image'],
  Page: ['cover-image'],
  Video: ['media-cover'],
  Gallery: ['media-cover'],
};

/** Checks what the article points at: the author, the categories and the files; returns the names to keep. */
export async function resolveReferences(actor: AuthUser, type: ArticleType, fields: ArticleFields, author: string) {
  if (author !== actor._id && !canAccess(actor, ARTICLE_RESOURCE, ['Edit'])) {
    throw forbidden('You can only write articles under your own name');
  }
  const [user, categories] = await Promise.all([
    author === actor._id ? actor.record : getUserById(author),
    fields.categories?.length ? listAllCategories() : [],
  ]);
  if (!user) throw badRequest('The author does not exist');
  const byId = new Map(categories.map((c) => [c._id, c]));
  const categoryNames = (fields.categories ?? []).map((id) => {
    const category = byId.get(id);
    if (!category) throw badRequest('A category does not exist');
    return { _id: id, name: category.name };
  });

  await requireVerifiedFiles([
    { ids: fields.image ? [fields.image] : [], purposes: COVER_PURPOSES[type] },
    { ids: (fields.videos ?? []).flatMap((v) => (v.file ? [v.file] : [])), purposes: ['video'] },
    { ids: (fields.gallery ?? []).flatMap((g) => (g.file ? [g.file] : [])), purposes: ['gallery-image'] },
  ]);
  return { authorName: user.name, categoryNames };
}

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

/** The fields a save sent, as drafts and revisions keep them: the section text cleaned, empty links dropped. */
export const keptFields = (fields: ArticleFields, content: ArticleContent): ArticleFields => ({
  ...fields,
  canonicalUrl: fields.canonicalUrl || undefined,
  body: content.body,
});

/** The fields of a stored article, as a save would send them (the revision of an article saved before them). */
export const fieldsOfArticle = (row: ArticleRecord, content: ArticleContent): ArticleFields => ({
  title: row.title,
  slug: row.slug,
  categories: row.categories,
  user: row.user,
  image: row.image,
  publishDate: row.publishDate,
  isSponsored: row.isSponsored,
  description: content.description,
  canonicalUrl: content.canonicalUrl || undefined,
  seo: content.seo,
  body: content.body,
  imageAlt: content.imageAlt,
  imageTitle: content.imageTitle,
  tags: content.tags,
  videos: content.videos,
  gallery: content.gallery,
});

export const publishDateOf = (fields: ArticleFields) =>
  fields.publishDate ? new Date(fields.publishDate).toISOString() : null;
