/** The home-page layout (SPEC §3 Layout, §7): one record, read with its articles filled in, replaced whole. */
import { mutate } from 'swr';
import type { ArticleType } from '../../../shared/constants';
import type { ArticleRow } from '../../../shared/schemas/article-record';
import type { HomeLayout, HomeLayoutBody, LayoutBodyInput, PlacedArticle } from '../../../shared/schemas/layout';
import { api } from '../api/client';
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

/** The pickers' search: Published articles only, newest first, matching the title text. Null key: no call. */
export function useArticleSearch(search: ArticleSearch | null) {
  const key = search
    ? apiKey('GET /cms', {
        query: {
          status: 'Publish',
          search: search.text.trim(),
          limit: SEARCH_LIMIT,
          type: search.type,
          categories: search.category,
        },
      })
    : null;
  return useApi(key, { keepPreviousData: true });
}

/** A search result as the layout will show it; the list rows carry no cover image. */
export function placedFromRow(row: ArticleRow): PlacedArticle {
  return {
    _id: row._id,
    title: row.title,
    type: row.type,
    status: row.status,
    url: row.url,
    publishDate: row.publishDate,
  };
}
