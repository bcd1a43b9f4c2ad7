/**
 * An article's fields as a save sends them, and what the API makes of them: the references checked (author,
 * categories, verified files), the content item, and the fields kept in drafts and revisions.
 */
import type { ArticleType, UploadPurpose } from '../../shared/constants';
import { ARTICLE_RESOURCE, canAccess } from '../../shared/permissions';
import type { ArticleFields } from '../../shared/schemas/article';
import { requireVerifiedFiles } from '../asset/references';
import { listAllCategories } from '../category/model';
import { badRequest, forbidden } from '../lib/errors';
import type { AuthUser } from '../user/auth-user';
import { getUserById } from '../user/model';
import type { ArticleContent, ArticleRecord } from './model';

export { contentOf, publishDateOf, requireContentFits } from './content';

const COVER_PURPOSES: Record<ArticleType, UploadPurpose[]> = {
  Article: ['cover-image'],
  Blog: ['cover-image'],
  Page: ['cover-image'],
  Video: ['media-cover'],
  Gallery: ['media-cover'],
};

/** What a save without alt text for a newly chosen cover gets. */
export const COVER_ALT_MESSAGE =
  'Add alt text for the cover image: in its Alt text field, or to the picture in the media library';

/**
 * Checks what the article points at: the author, the categories and the files; returns the names to keep. A cover
 * newly chosen (`storedCover` is the one saved before) needs alt text: the article's own or the picture's.
 */
export async function resolveReferences(
  actor: AuthUser,
  type: ArticleType,
  fields: ArticleFields,
  author: string,
  storedCover?: string | null,
) {
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

  const files = await requireVerifiedFiles([
    { ids: fields.image ? [fields.image] : [], purposes: COVER_PURPOSES[type] },
    { ids: (fields.videos ?? []).flatMap((v) => (v.file ? [v.file] : [])), purposes: ['video'] },
    { ids: (fields.gallery ?? []).flatMap((g) => (g.file ? [g.file] : [])), purposes: ['gallery-image'] },
  ]);
  const cover = fields.image ? files.get(fields.image) : undefined;
  const newCoverWithoutOwnAlt = cover && fields.image !== storedCover && !fields.imageAlt?.trim();
  if (newCoverWithoutOwnAlt && !cover.alt) throw badRequest(COVER_ALT_MESSAGE);
  // The picture's alt text stands in: the save claims it (asset/model.ts coverClaim), so it cannot be emptied
  // between this read and the save's write.
  return { authorName: user.name, categoryNames, altFromPicture: newCoverWithoutOwnAlt ? cover?._id : undefined };
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
