/** The report's days: UTC calendar days (`YYYY-MM-DD`), as the API counts them, kept in the URL. */
import { AD_REPORT_DEFAULT_DAYS } from '../../../../shared/schemas/ad-serving';
import { parseDay, utcDay } from '../../common/local-day';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many days the report covers unless told otherwise, today included (the API's default too). */
export const DEFAULT_REPORT_DAYS = AD_REPORT_DEFAULT_DAYS;

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
