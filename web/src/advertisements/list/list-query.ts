/**
 * The ad list's filters in the URL (`/advertisement?search=sale&categories=01H…&date=2026-05-04&page=2`), so reload,
 * Back and shared links keep them.
 */
import { categoriesParam, readCategoryIds, readSearch, searchParam, withFilterParams } from '../../common/list-query';
import { endOfDay, parseDay, startOfDay } from '../../common/local-day';
import type { AdvertisementFilters } from '../api';

/** The filter panel's fields. `date` is a local calendar day, `YYYY-MM-DD`: ads running on it. */
export interface AdListQuery {
  search: string;
  categories: string[];
  date: string | null;
}

export const EMPTY_FILTERS: AdListQuery = { search: '', categories: [], date: null };

/** Reads the filters from the URL; anything malformed is ignored rather than sent to the API. */
export function readAdListQuery(params: URLSearchParams): AdListQuery {
  return {
    search: readSearch(params),
    categories: readCategoryIds(params),
    date: parseDay(params.get('date')),
  };
}

/** The URL after Apply (or Reset, with EMPTY_FILTERS): the page goes back to 1. */
export function withFilters(current: URLSearchParams, filters: AdListQuery): URLSearchParams {
  return withFilterParams(current, {
    search: searchParam(filters.search),
    categories: categoriesParam(filters.categories),
    date: filters.date,
  });
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
