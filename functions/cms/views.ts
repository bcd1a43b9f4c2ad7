/** What the cms routes return of an article: its list row, and the detail the editors open. */
import { sanitizeSections } from '../../shared/rich-text';
import type { ArticleDetail, ArticleRow } from '../../shared/schemas/article-record';
import { mediaRefs } from '../asset/references';
import type { ArticleContent, ArticlePosting, ArticleRecord } from './items';

export const rowView = (a: ArticlePosting): ArticleRow => ({
  _id: a._id,
  title: a.title,
  slug: a.slug,
  url: `/${a.slug}`,
  type: a.type,
  status: a.status,
  categories: a.categoryNames,
  user: a.user ? { _id: a.user, name: a.authorName } : null,
  publishDate: a.publishDate,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  version: a.version,
});

const referencedFiles = (row: ArticleRecord, content: ArticleContent) => [
  row.image,
  ...content.videos.map((v) => v.file),
  ...content.gallery.map((g) => g.file),
];

/**
 * Stored content as it may be shown: section bodies cleaned again on every read, so an article saved before
 * writes were cleaned (or written around the API) reaches the editor and the preview harmless.
 */
export const readableContent = (content: ArticleContent): ArticleContent => ({
  ...content,
  body: sanitizeSections(content.body),
});

export async function detailView(row: ArticleRecord, content: ArticleContent): Promise<ArticleDetail> {
  const media = await mediaRefs(referencedFiles(row, content));
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
  };
}
