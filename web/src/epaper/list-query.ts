/**
 * The e-paper list's state in the URL (`/epaper?date=2026-03-14&page=2`), so reload, Back and shared links keep the
 * picked day and the page; and who may change an edition.
 */
import { type AccessSubject, canAccess } from '../../../shared/permissions';
import { withFilterParams } from '../common/list-query';
import { endOfDay, parseDay, startOfDay } from '../common/local-day';
import type { EpaperFilters } from './api';

/** The picked publish day (`YYYY-MM-DD`, local), or null when absent or not a real calendar day. */
export function readPublishDay(params: URLSearchParams): string | null {
  return parseDay(params.get('date'));
}

/** The URL after Apply (a day) or Reset (null): the page goes back to 1. */
export function withPublishDay(current: URLSearchParams, day: string | null): URLSearchParams {
  return withFilterParams(current, { date: day });
}

/** What GET /epaper is asked for: the whole local day, as instants, so it matches what the table shows. */
export function toEpaperFilters(day: string | null): EpaperFilters {
  return day ? { from: startOfDay(day), to: endOfDay(day) } : {};
}

/** SPEC §6: Edit, or Edit:own on an edition one added (the API answers 403 otherwise). */
export function canEditEpaper(
  viewer: (AccessSubject & { _id?: string }) | null | undefined,
  authorId: string | undefined,
): boolean {
  if (canAccess(viewer, 'Epaper', ['Edit'])) return true;
  return canAccess(viewer, 'Epaper', ['EditOwn']) && authorId !== undefined && authorId === viewer?._id;
}
