/** The home-page layout (SPEC §3 Layout, §7): one record, read with its articles filled in, replaced whole. */
import useSWR, { mutate } from 'swr';
import type { ArticleStatus, ArticleType } from '../../../shared/constants';
import type { LayoutBodyInput, SectionType } from '../../../shared/schemas/layout';
import { api, apiUrl } from '../api/client';
import type { ListPage } from '../api/list';
import type { ArticleRow } from '../articles/api';

/** An article as the layout shows it (GET /layout/home fills in every placed id). */
export interface PlacedArticle {
  _id: string;
  title: string;
  type: ArticleType;
  status: ArticleStatus;
  url: string;
  publishDate: string | null;
  /** The cover image; undefined when not known yet (a search result: list rows carry no image). */
  imageUrl?: string | null;
}

export type TemplateValue = `template-${1 | 2 | 3 | 4 | 5 | 6}`;

export interface LayoutSection {
  type: SectionType;
  category: { _id: string; name: string } | null;
  articles: PlacedArticle[];
  name: string;
  template: TemplateValue;
  color: string;
}

export interface LayoutBody {
  headlines: PlacedArticle[];
  topStory: PlacedArticle[];
  coverStory: PlacedArticle | null;
  sections: LayoutSection[];
}

export interface HomeLayout {
  _id: string;
  name: 'home';
  version: number;
  updatedAt: string;
  body: LayoutBody;
}

export const HOME_LAYOUT_KEY = '/layout/home';

/** The layout for an editor: never refilled behind the user's back (focus, reconnect); Reload re-reads it. */
export function useHomeLayout() {
  return useSWR<HomeLayout>(HOME_LAYOUT_KEY, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

const ids = (articles: readonly PlacedArticle[]) => articles.map((a) => a._id);

/** What PATCH takes for the layout as read: ids in place of the filled-in articles and categories. */
export function bodyInput(body: LayoutBody): LayoutBodyInput {
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
  const saved = await api<HomeLayout>(`/layout/${encodeURIComponent(layout._id)}`, {
    method: 'PATCH',
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
    ? apiUrl('/cms', {
        status: 'Publish',
        search: search.text.trim(),
        limit: SEARCH_LIMIT,
        type: search.type,
        categories: search.category,
      })
    : null;
  // SWR keys are API paths without the /api base, as elsewhere in the app.
  return useSWR<ListPage<ArticleRow>>(key ? key.slice(key.indexOf('/cms')) : null, { keepPreviousData: true });
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
