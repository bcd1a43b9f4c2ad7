/** The lists' date filter: a day (`date`, UTC) or explicit instants (`from`/`to`, the local day the user picked). */
import { badRequest } from './errors';

export interface DateRange {
  from: string;
  to: string;
}

export function dateRangeOf(q: { date?: string; from?: string; to?: string }): DateRange | undefined {
  let from: string | undefined;
  let to: string | undefined;
  if (q.date) {
    from = `${q.date}T00:00:00.000Z`;
    to = `${q.date}T23:59:59.999Z`;
  }
  if (q.from) from = new Date(q.from).toISOString();
  if (q.to) to = new Date(q.to).toISOString();
  if (!from && !to) return undefined;
  const range = { from: from ?? '0000', to: to ?? '9999' };
  if (range.from > range.to) throw badRequest('The start date is after the end date');
  return range;
}
