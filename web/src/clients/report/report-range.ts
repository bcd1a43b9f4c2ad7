/** The report's days: UTC calendar days (`YYYY-MM-DD`), as the API counts them, kept in the URL. */
import { AD_REPORT_DEFAULT_DAYS } from '../../../../shared/schemas/ad-serving';
import { parseDay } from '../../common/local-day';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many days the report covers unless told otherwise, today included (the API's default too). */
export const DEFAULT_REPORT_DAYS = AD_REPORT_DEFAULT_DAYS;

/** The UTC day of an instant. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

export interface ReportRange {
  from: string;
  to: string;
}

/** The last 30 UTC days, ending today. */
export function defaultRange(now: Date): ReportRange {
  return { from: utcDay(new Date(now.getTime() - (DEFAULT_REPORT_DAYS - 1) * DAY_MS)), to: utcDay(now) };
}

/** The range in the URL (`from`, `to`), each falling back to the default when missing or not a calendar day. */
export function readRange(params: URLSearchParams, now: Date): ReportRange {
  const fallback = defaultRange(now);
  return { from: parseDay(params.get('from')) ?? fallback.from, to: parseDay(params.get('to')) ?? fallback.to };
}

/** `2026-11-28` → `28/11/2026`, the contract's day-first order. */
export const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
