/**
 * The e-paper list's state in the URL (`/epaper?search=morning&date=2026-03-14&page=2`), so reload, Back and shared
 * links keep the filters and the page; and who may change an edition.
 */
import { type AccessSubject, canAccess } from '../../../shared/permissions';
import { readSearch, searchParam, withFilterParams } from '../common/list-query';
import { endOfDay, parseDay, startOfDay } from '../common/local-day';
import type { EpaperFilters } from './api';

/** The list's filters: title words and a publish day (`YYYY-MM-DD`, local). */
export interface EpaperListFilters {
  search: string;
  day: string | null;
}

/** The filters in the URL; a day that is not a real calendar day is left out. */
export function readEpaperFilters(params: URLSearchParams): EpaperListFilters {
  return { search: readSearch(params), day: parseDay(params.get('date')) };
}

/** The URL after Apply or Reset (empty filters): the page goes back to 1. */
export function withEpaperFilters(current: URLSearchParams, filters: EpaperListFilters): URLSearchParams {
  return withFilterParams(current, { search: searchParam(filters.search), date: filters.day });
}

/** What GET /epaper is asked for: the whole local day, as instants, so it matches what the table shows. */
export function toEpaperFilters({ search, day }: EpaperListFilters): EpaperFilters {
  return { search: search || undefined, ...(day ? { from: startOfDay(day), to: endOfDay(day) } : {}) };
}

/** CONTRACT.md §6: Edit, or Edit:own on an edition one added (the API answers 403 otherwise). */
export function canEditEpaper(
  viewer: (AccessSubject & { _id?: string }) | null | undefined,
  authorId: string | undefined,
): boolean {
  if (canAccess(viewer, 'Epaper', ['Edit'])) return true;
  return canAccess(viewer, 'Epaper', ['EditOwn']) && authorId !== undefined && authorId === viewer?._id;
}
