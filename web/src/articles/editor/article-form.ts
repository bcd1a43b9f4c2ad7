/** The Article/Blog editor's form values: what a new or a stored article fills in, and what a save sends. Pure. */
import type { FieldErrors } from 'react-hook-form';
import type { ArticleType } from '../../../../shared/constants';
import type { ArticleFields } from '../../../../shared/schemas/article';
import { emptyEditorData } from '../../../../shared/schemas/article-body';
import type { ArticleDetail, ArticleInput } from '../api';
import { type EditorFields, newEditorFields, storedEditorFields } from '../form/editor-fields';
import { seoFormValue } from '../form/seo';

/** The two types this editor writes (Video, Gallery and Page have their own). */
export const WRITTEN_TYPES = ['Article', 'Blog'] as const;
export type WrittenType = (typeof WRITTEN_TYPES)[number];
export const isWritten = (type: ArticleType): type is WrittenType =>
  (WRITTEN_TYPES as readonly string[]).includes(type);

/** The fields this editor holds, as the API's detail has them. */
export type ArticleFormValues = EditorFields & Pick<ArticleDetail, 'body' | 'imageAlt'>;

/** A new article: one empty section (CONTRACT.md §9), the writer as author, published when it goes live unless dated. */
export function emptyArticleForm(author: string): ArticleFormValues {
  return {
    ...newEditorFields(author),
    body: [{ title: '', body: emptyEditorData() }],
    imageAlt: '',
  };
}

export function toArticleForm(article: ArticleDetail): ArticleFormValues {
  return {
    ...storedEditorFields(article),
    body: article.body?.length ? article.body : [{ title: '', body: emptyEditorData() }],
    imageAlt: article.imageAlt ?? '',
  };
}

/** The validated values as the API's fields (CONTRACT.md §3 keeps the keywords in seo.metaTags[0].content). */
export function toArticleInput(values: ArticleFields): ArticleInput {
  return {
    title: values.title,
    slug: values.slug ?? '',
    categories: values.categories,
    user: values.user,
    description: values.description ?? '',
    canonicalUrl: values.canonicalUrl ?? '',
    seo: seoFormValue(values.seo),
    body: values.body,
    image: values.image ?? null,
    imageAlt: values.imageAlt ?? '',
    imageTitle: values.imageTitle ?? '',
    publishDate: values.publishDate,
  };
}

/** The messages of the sections' content, one per section. */
export function sectionErrors(errors: FieldErrors<ArticleFormValues>): (string | undefined)[] {
  const body = errors.body;
  if (!Array.isArray(body)) return [];
  return body.map((section) => (section as { body?: { message?: string } } | undefined)?.body?.message);
}
