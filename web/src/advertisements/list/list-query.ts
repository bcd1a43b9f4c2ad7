/**
 * The ad list's filters in the URL (`/advertisement?search=sale&categories=01H…&date=2026-05-04&page=2`), so reload,
 * Back and shared links keep them.
 */
import { endOfDay, parseDay, startOfDay } from '../../common/local-day';
import type { AdvertisementFilters } from '../api';

/** The filter panel's fields. `date` is a local calendar day, `YYYY-MM-DD`: ads running on it. */
export interface AdListQuery {
  search: string;
  categories: string[];
  date: string | null;
}

export const EMPTY_FILTERS: AdListQuery = { search: '', categories: [], date: null };

export const MAX_SEARCH_LENGTH = 200;
/** The category picker takes at most 20. */
export const MAX_CATEGORIES = 20;
const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const FILTER_KEYS = ['search', 'categories', 'date'] as const;

/** Reads the filters from the URL; anything malformed is ignored rather than sent to the API. */
export function readAdListQuery(params: URLSearchParams): AdListQuery {
  return {
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    categories: [
      ...new Set(
        (params.get('categories') ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => ID.test(id)),
      ),
    ].slice(0, MAX_CATEGORIES),
    date: parseDay(params.get('date')),
  };
}

/** The URL after Apply (or Reset, with EMPTY_FILTERS): the page goes back to 1. */
export function withFilters(current: URLSearchParams, filters: AdListQuery): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
  const search = filters.search.trim().slice(0, MAX_SEARCH_LENGTH);
  if (search) next.set('search', search);
  if (filters.categories.length > 0) next.set('categories', filters.categories.slice(0, MAX_CATEGORIES).join(','));
  if (filters.date) next.set('date', filters.date);
  return next;
}

/** How many filters are in use (the Filters button shows it). */
export function activeFilterCount(query: AdListQuery): number {
  return [query.search !== '', query.categories.length > 0, query.date !== null].filter(Boolean).length;
}

/** What GET /advertisement is asked for: the picked day becomes instants in the viewer's own time zone. */
export function toAdFilters(query: AdListQuery): AdvertisementFilters {
  return {
    search: query.search || undefined,
    categories: query.categories.length > 0 ? query.categories : undefined,
    from: query.date ? startOfDay(query.date) : undefined,
    to: query.date ? endOfDay(query.date) : undefined,
  };
}
