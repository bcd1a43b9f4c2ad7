/** The fields the Article/Blog, Video and Gallery editors share, as a new or a stored story fills them. Pure. */
import type { ArticleDetail } from '../api';
import { seoFormValue } from './seo';

/** What those editors all hold, as the API's detail has it (SEO keeps the keywords in metaTags[0].content). */
export type EditorFields = Pick<
  ArticleDetail,
  | 'title'
  | 'slug'
  | 'categories'
  | 'user'
  | 'description'
  | 'canonicalUrl'
  | 'seo'
  | 'image'
  | 'imageTitle'
  | 'publishDate'
>;

/**
 * A new story: written by `author`, with no publish date until the editor chooses one ("Publish immediately"), so
 * that it follows now: a draft started an hour ago goes live dated when it is published, not when it was begun.
 */
export function newEditorFields(author: string): EditorFields {
  return {
    title: '',
    // Made from the title as it is typed (the slug field follows it until edited).
    slug: '',
    categories: [],
    user: author,
    description: '',
    canonicalUrl: '',
    seo: seoFormValue(undefined),
    image: null,
    imageTitle: '',
    publishDate: null,
  };
}

/** A stored story, with empty values where it has none. */
export function storedEditorFields(article: ArticleDetail): EditorFields {
  return {
    title: article.title ?? '',
    slug: article.slug ?? '',
    categories: article.categories ?? [],
    user: article.user ?? '',
    description: article.description ?? '',
    canonicalUrl: article.canonicalUrl ?? '',
    seo: seoFormValue(article.seo),
    image: article.image ?? null,
    imageTitle: article.imageTitle ?? '',
    publishDate: article.publishDate ?? null,
  };
}
