/** The home-page layout (CONTRACT.md §3 Layout, §7): one record, read with its articles filled in, replaced whole. */
import { mutate } from 'swr';
import type { ArticleType } from '../../../shared/constants';
import type { ArticleRow } from '../../../shared/schemas/article-record';
import {
  HOME_ARTICLE_TYPES,
  type HomeLayout,
  type HomeLayoutBody,
  isHomeArticleType,
  type LayoutBodyInput,
  type PlacedArticle,
} from '../../../shared/schemas/layout';
import { articleStatusLabel } from '../../../shared/workflow';
import { api } from '../api/client';
import type { RouteQueryOption } from '../api/route-types';
import { apiKey, useApi, useEditedRecord } from '../api/use-api';

export type {
  HomeLayout,
  HomeLayoutBody as LayoutBody,
  HomeLayoutSection as LayoutSection,
  PlacedArticle,
  TemplateValue,
} from '../../../shared/schemas/layout';

export const HOME_LAYOUT_KEY = apiKey('GET /layout/home');

/** The layout for an editor: never refilled behind the user's back (focus, reconnect); Reload re-reads it. */
export function useHomeLayout() {
  return useEditedRecord(HOME_LAYOUT_KEY);
}

const ids = (articles: readonly PlacedArticle[]) => articles.map((a) => a._id);

/** What PATCH takes for the layout as read: ids in place of the filled-in articles and categories. */
export function bodyInput(body: HomeLayoutBody): LayoutBodyInput {
  return {
    headlines: ids(body.headlines),
    topStory: ids(body.topStory),
    coverStory: body.coverStory?._id ?? null,
    sections: body.sections.map((section) => ({
      type: section.type,
      category: section.category?._id ?? null,
      articles: ids(section.articles),
      name: section.name,
      template: section.template,
      color: section.color,
    })),
  };
}

/**
 * Replaces the whole layout at the version it was read (409 when someone saved in between), then puts the
 * saved layout in the cache and re-reads it.
 */
export async function saveHomeLayout(layout: Pick<HomeLayout, '_id' | 'version'>, body: LayoutBodyInput) {
  const saved = await api('PATCH /layout/{id}', {
    params: { id: layout._id },
    body: { version: layout.version, body },
  });
  void mutate(HOME_LAYOUT_KEY, saved);
  return saved;
}

export interface ArticleSearch {
  text: string;
  type?: ArticleType;
  category?: string;
}

export const SEARCH_LIMIT = 10;

/**
 * The pickers' search: Published news only (HOME_ARTICLE_TYPES, or the section's one type; never a Page), newest
 * first, matching the title text, each row with its cover image's URL for the thumbnail. Null key: no call.
 */
export function useArticleSearch(search: ArticleSearch | null) {
  const key = search ? apiKey('GET /cms', { query: articleSearchQuery(search) }) : null;
  return useApi(key, { keepPreviousData: true });
}

/**
 * What the pickers' search asks GET /cms for. Before anything is typed it is the Published tab's first page (a
 * Query and a counter, at any archive size) and the picker leaves out the rare Page itself (newsRows): a type
 * filter there would read the whole tab for its exact total. With words, the title index reads only their matches
 * and filters the types as it goes.
 */
export function articleSearchQuery(search: ArticleSearch): RouteQueryOption<'GET /cms'> {
  const text = search.text.trim();
  return {
    status: 'Publish',
    search: text,
    limit: SEARCH_LIMIT,
    ...(search.type ? { type: search.type } : text ? { types: HOME_ARTICLE_TYPES.join(',') } : {}),
    categories: search.category,
    images: 'true',
  };
}

/** The rows a picker offers: news only (the first page, read without a type filter, may hold a Page). */
export const newsRows = (rows: readonly ArticleRow[]) => rows.filter((row) => isHomeArticleType(row.type));

/** Why a placed article cannot stay (not Published, or not news: a Page); null when it can. */
export function placementProblem(article: Pick<PlacedArticle, 'status' | 'type'>): string | null {
  if (article.status !== 'Published') return articleStatusLabel(article.status);
  if (!isHomeArticleType(article.type)) return `${article.type}s are not for the home page`;
  return null;
}

/** A search result as the layout will show it. */
export function placedFromRow(row: ArticleRow): PlacedArticle {
  return {
    _id: row._id,
    title: row.title,
    type: row.type,
    status: row.status,
    url: row.url,
    publishDate: row.publishDate,
    // Undefined (not asked for) lets the cover story read it from the article's detail.
    ...(row.imageUrl !== undefined && { imageUrl: row.imageUrl }),
  };
}
