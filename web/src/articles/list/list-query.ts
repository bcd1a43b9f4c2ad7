/**
 * The article list's state in the URL (`/article?status=Draft&search=budget&from=2026-01-05&page=2`), so reload,
 * Back and shared links keep the tab, the filters and the page.
 */
import { ARTICLE_STATUSES, ARTICLE_TYPES, type ArticleType } from '../../../../shared/constants';
import { categoriesParam, readCategoryIds, readSearch, searchParam, withFilterParams } from '../../common/list-query';
import { endOfDay, parseDay, startOfDay } from '../../common/local-day';
import type { ArticleFilters } from '../api';

// Also exported here: tests/unit/web-article-list.test.ts checks them through the article list.
export { endOfDay, startOfDay };

/** SPEC §2's tabs. Their `status` is what GET /cms takes: nothing for All, the tab names `Draft` / `Publish`. */
export const LIST_TABS = [
  { status: '', label: 'All' },
  { status: 'Draft', label: 'Draft' },
  { status: 'Publish', label: 'Published' },
] as const;

/** The filter panel's fields. Days are local calendar days, `YYYY-MM-DD`. */
export interface PanelFilters {
  search: string;
  from: string | null;
  to: string | null;
  categories: string[];
  type: ArticleType | null;
}

export interface ListQuery extends PanelFilters {
  /** '' (All), a tab's status, or any article status (the header bell links to `Need Review`). */
  status: string;
}

export const EMPTY_FILTERS: PanelFilters = { search: '', from: null, to: null, categories: [], type: null };

function parseStatus(raw: string | null): string {
  if (!raw) return '';
  if (raw === 'Publish' || raw === 'Published') return 'Publish';
  return (ARTICLE_STATUSES as readonly string[]).includes(raw) ? raw : '';
}

/** Reads the list's state from the URL; anything malformed is ignored rather than sent to the API. */
export function readListQuery(params: URLSearchParams): ListQuery {
  let from = parseDay(params.get('from'));
  let to = parseDay(params.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  const type = params.get('type');
  return {
    status: parseStatus(params.get('status')),
    search: readSearch(params),
    from: from ?? to,
    to: to ?? from,
    categories: readCategoryIds(params),
    type: (ARTICLE_TYPES as readonly string[]).includes(type ?? '') ? (type as ArticleType) : null,
  };
}

/** The URL after Apply (or Reset, with EMPTY_FILTERS): the tab stays, the page goes back to 1. */
export function withFilters(current: URLSearchParams, filters: PanelFilters): URLSearchParams {
  return withFilterParams(current, {
    search: searchParam(filters.search),
    // One picked day is a range of that day.
    from: filters.from ?? filters.to,
    to: filters.to ?? filters.from,
    categories: categoriesParam(filters.categories),
    type: filters.type,
  });
}

/** The URL after picking a tab: the filters stay, the page goes back to 1. */
export function withStatus(current: URLSearchParams, status: string): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('page');
  if (status) next.set('status', status);
  else next.delete('status');
  return next;
}

/** How many of the panel's filters are in use (the Filters button shows it). */
export function activeFilterCount(query: PanelFilters): number {
  return [query.search !== '', query.from !== null, query.categories.length > 0, query.type !== null].filter(Boolean)
    .length;
}

/** What GET /cms is asked for: the picked days become instants in the viewer's own time zone. */
export function toArticleFilters(query: ListQuery): ArticleFilters {
  return {
    status: query.status || undefined,
    search: query.search || undefined,
    from: query.from ? startOfDay(query.from) : undefined,
    to: query.to ? endOfDay(query.to) : undefined,
    categories: query.categories.length > 0 ? query.categories : undefined,
    type: query.type ?? undefined,
  };
}
