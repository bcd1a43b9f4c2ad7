/** What the article routes (`/cms…`) return of an article: its list row, and the detail the editors open. */
import { sanitizeSections } from '../../shared/rich-text';
import type { ArticleFields } from '../../shared/schemas/article';
import type { ArticleDetail, ArticleRow } from '../../shared/schemas/article-record';
import { slugPath } from '../../shared/slug';
import { mediaRefs } from '../asset/references';
import type { ArticleContent, ArticlePosting, ArticleRecord, DraftRecord } from './model';

export { readableContent } from './content';

export const rowView = (a: ArticlePosting): ArticleRow => ({
  _id: a._id,
  title: a.title,
  slug: a.slug,
  url: slugPath(a.slug),
  type: a.type,
  status: a.status,
  categories: a.categoryNames,
  user: a.user ? { _id: a.user, name: a.authorName } : null,
  publishDate: a.publishDate,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  version: a.version,
  pendingChanges: a.pendingChanges ?? null,
});

const referencedFiles = (row: ArticleRecord, content: ArticleContent) => [
  row.image,
  ...content.videos.map((v) => v.file),
  ...content.gallery.map((g) => g.file),
];

/** The files a draft or a revision references. */
export const fieldFiles = (fields: ArticleFields) => [
  fields.image,
  ...(fields.videos ?? []).map((v) => v.file),
  ...(fields.gallery ?? []).map((g) => g.file),
];

/** The detail an editor opens: the live article, and a live article's unpublished changes (the editor shows those). */
export async function detailView(
  row: ArticleRecord,
  content: ArticleContent,
  draft: DraftRecord | undefined,
): Promise<ArticleDetail> {
  const [media, draftMedia] = await Promise.all([
    mediaRefs(referencedFiles(row, content)),
    draft ? mediaRefs(fieldFiles(draft.fields)) : {},
  ]);
  return {
    ...rowView(row),
    categories: row.categories,
    user: row.user,
    authorName: row.authorName,
    ...content,
    image: row.image,
    isSponsored: row.isSponsored,
    views: row.views,
    media,
    updatedBy: row.updatedBy,
    draft: draft
      ? {
          fields: { ...draft.fields, body: sanitizeSections(draft.fields.body ?? []) },
          at: draft.at,
          by: draft.by,
          media: draftMedia,
        }
      : null,
    returned: row.status === 'Rejected' ? (row.returned ?? null) : null,
  };
}
