/**
 * An ad's flight as the Delivery panel charts it: one point a UTC day from its start to its end, with the impressions
 * delivered so far, the cap, and where an even pace would be by the end of that day.
 */
import type { AdFlight } from '../../../../shared/schemas/ad-serving';
import { utcDay } from '../../common/local-day';

export interface FlightPoint {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  /** Impressions delivered up to the end of the day; null for days still to come (the line stops at today). */
  delivered: number | null;
  /** An even pace: 0 at the start, the cap at the end, in a straight line. */
  pace: number;
  /** The day's own counts. */
  views: number;
  clicks: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The days from `first` to `last`, both included; none when `last` is before `first`. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= end; at += DAY_MS) days.push(utcDay(new Date(at)));
  return days;
}

/**
 * The flight, day by day. A long flight is still one point a day: 400 points draw in a few milliseconds, and
 * thinning them would hide the day a delivery stalled.
 */
export function flightSeries(flight: AdFlight, now: Date): FlightPoint[] {
  const start = Date.parse(flight.startDate);
  const end = Date.parse(flight.endDate);
  const span = Math.max(end - start, 1);
  const counted = new Map(flight.days.map((d) => [d.day, d]));
  // Counts kept from before a change of dates still show: the chart runs from whichever comes first.
  const first = [utcDay(flight.startDate), ...flight.days.map((d) => d.day)].sort()[0] as string;
  const last = [utcDay(flight.endDate), ...flight.days.map((d) => d.day)].sort().at(-1) as string;
  const today = utcDay(now);
  let delivered = 0;
  return daysBetween(first, last).map((day) => {
    const own = counted.get(day);
    delivered += own?.views ?? 0;
    const dayEnd = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
    const share = Math.min(Math.max((dayEnd - start) / span, 0), 1);
    return {
      day,
      delivered: day <= today ? delivered : null,
      pace: Math.round(share * flight.maxImpressionAllowed),
      views: own?.views ?? 0,
      clicks: own?.clicks ?? 0,
    };
  });
}

/** `2026-11-28` → `28/11`, the chart's day labels (the contract's day-first order). */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
