/**
 * The article list's state in the URL (`/article?status=Draft&search=budget&from=2026-01-05&page=2`), so reload,
 * Back and shared links keep the tab, the filters and the page.
 */
import { ARTICLE_STATUSES, ARTICLE_TYPES, type ArticleType } from '../../../../shared/constants';
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

export const MAX_SEARCH_LENGTH = 200;
/** GET /cms takes at most this many category ids. */
export const MAX_CATEGORIES = 20;
const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const FILTER_KEYS = ['search', 'from', 'to', 'categories', 'type'] as const;

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
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    from: from ?? to,
    to: to ?? from,
    categories: [
      ...new Set(
        (params.get('categories') ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => ID.test(id)),
      ),
    ].slice(0, MAX_CATEGORIES),
    type: (ARTICLE_TYPES as readonly string[]).includes(type ?? '') ? (type as ArticleType) : null,
  };
}

/** The URL after Apply (or Reset, with EMPTY_FILTERS): the tab stays, the page goes back to 1. */
export function withFilters(current: URLSearchParams, filters: PanelFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
  const search = filters.search.trim().slice(0, MAX_SEARCH_LENGTH);
  if (search) next.set('search', search);
  const from = filters.from ?? filters.to;
  const to = filters.to ?? filters.from;
  if (from && to) {
    next.set('from', from);
    next.set('to', to);
  }
  if (filters.categories.length > 0) next.set('categories', filters.categories.slice(0, MAX_CATEGORIES).join(','));
  if (filters.type) next.set('type', filters.type);
  return next;
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
