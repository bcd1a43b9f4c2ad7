/** The Video and Gallery editors' form values: what they start from and what they send. Pure. */
import type { ArticleDetail, ArticleInput, MediaItemValue } from '../api';
import { type EditorFields, newEditorFields, storedEditorFields } from '../form/editor-fields';
import { emptyMediaItem, itemsForSave } from './media-items';

export type MediaType = 'Video' | 'Gallery';

/**
 * The fields these editors hold, as the API's detail has them. SEO keeps the keywords in metaTags[0].content here
 * too, so the schema's error paths match.
 */
export type MediaFormValues = EditorFields & Pick<ArticleDetail, 'isSponsored' | 'tags' | 'videos' | 'gallery'>;

const items = (list: readonly MediaItemValue[] | undefined): MediaItemValue[] =>
  (list ?? []).map((item) => ({ url: item.url ?? '', description: item.description ?? '', file: item.file ?? null }));

/**
 * A new one starts with the signed-in user as author, no publish date (it is dated when it goes live) and one empty video or image
 * row to fill; an existing one with what was stored.
 */
export function mediaFormValues(
  type: MediaType,
  article: ArticleDetail | undefined,
  defaults: { author: string; now: Date },
): MediaFormValues {
  if (!article) {
    return {
      ...newEditorFields(defaults.author),
      isSponsored: false,
      tags: [],
      videos: type === 'Video' ? [emptyMediaItem()] : [],
      gallery: type === 'Gallery' ? [emptyMediaItem()] : [],
    };
  }
  return {
    ...storedEditorFields(article),
    isSponsored: article.isSponsored ?? false,
    tags: article.tags ?? [],
    videos: items(article.videos),
    gallery: items(article.gallery),
  };
}

/** The request body: the type's own fields only (a video sends no gallery, a gallery no videos). */
export function mediaBody(type: MediaType, values: MediaFormValues): ArticleInput {
  const common = {
    title: values.title.trim(),
    slug: values.slug.trim(),
    categories: values.categories,
    user: values.user,
    description: values.description.trim(),
    canonicalUrl: values.canonicalUrl.trim(),
    seo: {
      title: values.seo.title.trim(),
      description: values.seo.description.trim(),
      metaTags: [{ property: 'keywords', content: (values.seo.metaTags[0]?.content ?? '').trim() }],
    },
    image: values.image,
    imageTitle: values.imageTitle.trim(),
    publishDate: values.publishDate,
    isSponsored: values.isSponsored,
  };
  return type === 'Video'
    ? { ...common, videos: itemsForSave(values.videos) }
    : { ...common, tags: values.tags, gallery: itemsForSave(values.gallery) };
}
