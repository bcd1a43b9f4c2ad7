/**
 * The flight chart's geometry, kept apart from drawing it: the plot's box, its scales, and the ticks on either
 * axis. Time runs from the first day's 00:00 UTC to the last day's 24:00; impressions from 0 to a little above the
 * cap (or above what was delivered, should that pass the cap).
 */
import type { AdFlight } from '../../../../shared/schemas/ad-serving';
import { DAY_MS, type FlightPoint, shortDay } from './flight-series';

const MARGIN = { top: 18, right: 14, bottom: 26, left: 56 } as const;

export interface Geometry {
  x: (ms: number) => number;
  y: (impressions: number) => number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  yTicks: number[];
  xTicks: { x: number; label: string }[];
}

/** A round step giving about `count` ticks up to `max`: 1, 2 or 5 times a power of ten. */
function niceStep(max: number, count: number): number {
  const raw = Math.max(max / count, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function chartGeometry(flight: AdFlight, points: FlightPoint[], width: number, height: number): Geometry {
  const first = dayStart(points[0]?.day ?? '1970-01-01');
  const last = dayStart(points.at(-1)?.day ?? '1970-01-01') + DAY_MS;
  const delivered = Math.max(0, ...points.map((p) => p.delivered ?? 0));
  const top = Math.max(flight.maxImpressionAllowed, delivered) * 1.12 || 1;
  const left = MARGIN.left;
  const right = Math.max(width - MARGIN.right, left + 1);
  const bottom = height - MARGIN.bottom;
  const x = (ms: number) => left + ((ms - first) / (last - first)) * (right - left);
  const y = (value: number) => bottom - (value / top) * (bottom - MARGIN.top);

  const step = niceStep(top, 4);
  const yTicks: number[] = [];
  for (let value = 0; value <= top; value += step) yTicks.push(value);

  // About one day label per 64 px, on whole days, the first day always labelled.
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor((right - left) / 64))));
  const xTicks = points
    .filter((_, index) => index % every === 0)
    .map((p) => ({ x: x(dayStart(p.day)), label: shortDay(p.day) }));
  return { x, y, left, right, top: MARGIN.top, bottom, yTicks, xTicks };
}

/** An SVG path through points, in order. */
export const pathOf = (xy: [number, number][]) =>
  xy.map(([px, py], index) => `${index === 0 ? 'M' : 'L'}${px.toFixed(1)},${py.toFixed(1)}`).join(' ');
