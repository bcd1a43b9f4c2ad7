/**
 * What the newsroom reads of its ads' delivery: an ad's flight day by day against its cap, and a client's report
 * (its ads' counts over a range of UTC days). Both read the daily roll-ups of counters.ts: a Query a shard and ad,
 * in proportion to the days asked for.
 */
import { AD_SERVING } from '../../shared/constants';
import {
  AD_REPORT_DEFAULT_DAYS,
  AD_SERVING_MESSAGES,
  type AdFlight,
  type AdReportQuery,
  type ClientReport,
  type ClientReportRow,
} from '../../shared/schemas/ad-serving';
import { clientModel } from '../client/model';
import { queryAll } from '../lib/db/paging';
import { batchGet } from '../lib/db/reads';
import { badRequest, notFound } from '../lib/errors';
import { countsOf, dayOf, daysOf } from './counters';
import { AD_NAMES, AD_NOT_FOUND, type AdvertisementRecord, adModel, getAdvertisement } from './model';

const DAY_MS = 86_400_000;

/** An ad's flight: its days from its start to today or its end (whichever is first), and its lifetime counts. */
export async function adFlight(id: string, now = Date.now()): Promise<AdFlight> {
  const ad = await getAdvertisement(id);
  if (!ad) throw notFound(AD_NOT_FOUND);
  const first = dayOf(Date.parse(ad.startDate));
  const last = dayOf(Math.min(now, Date.parse(ad.endDate)));
  const [days, counts] = await Promise.all([last < first ? [] : daysOf(id, first, last), countsOf([id])]);
  const total = counts.get(id) ?? { views: 0, clicks: 0 };
  return {
    _id: ad._id,
    maxImpressionAllowed: ad.maxImpressionAllowed,
    startDate: ad.startDate,
    endDate: ad.endDate,
    views: total.views,
    clicks: total.clicks,
    days,
  };
}

/**
 * A report's range, checked: real days, in order, at most AD_SERVING.reportDaysMax of them; by default the
 * AD_REPORT_DEFAULT_DAYS up to `to` (today when left out).
 */
function reportRange(q: AdReportQuery, now: number) {
  const lastDay = q.to ?? dayOf(now);
  const firstDay = q.from ?? dayOf(Date.parse(`${lastDay}T00:00:00Z`) - (AD_REPORT_DEFAULT_DAYS - 1) * DAY_MS);
  const from = Date.parse(`${firstDay}T00:00:00Z`);
  const to = Date.parse(`${lastDay}T00:00:00Z`);
  if (Number.isNaN(from) || dayOf(from) !== firstDay || Number.isNaN(to) || dayOf(to) !== lastDay) {
    throw badRequest(AD_SERVING_MESSAGES.day);
  }
  if (to < from) throw badRequest(AD_SERVING_MESSAGES.range);
  if ((to - from) / DAY_MS + 1 > AD_SERVING.reportDaysMax) throw badRequest(AD_SERVING_MESSAGES.rangeTooLong);
  return { from, to, firstDay, lastDay };
}

/** Reports more ads than this at once in turns: each costs a Query a shard. */
const ADS_AT_ONCE = 4;

/**
 * A client's ads (those not in the trash, found by their name references: in proportion to the client's ads) whose
 * run meets the range, each with its counts within it, newest run first, and the totals.
 */
export async function clientReport(q: AdReportQuery, now = Date.now()): Promise<ClientReport> {
  const clientId = q.client;
  const range = reportRange(q, now);
  const client = await clientModel.get(clientId);
  if (!client) throw notFound('No such client');
  const references = await queryAll<Record<string, unknown>>(AD_NAMES.partition({ kind: 'client', id: clientId }));
  const items = await batchGet(references.map((r) => AD_NAMES.rowKeyOf(r)));
  const ads = items
    .map((item) => adModel.recordOf(item) as AdvertisementRecord)
    .filter((a) => a.client === clientId)
    .filter((a) => Date.parse(a.startDate) < range.to + DAY_MS && Date.parse(a.endDate) >= range.from)
    .sort((a, b) => b.startDate.localeCompare(a.startDate) || a._id.localeCompare(b._id));
  const rows: ClientReportRow[] = [];
  for (let i = 0; i < ads.length; i += ADS_AT_ONCE) {
    const turn = await Promise.all(
      ads.slice(i, i + ADS_AT_ONCE).map(async (ad) => {
        const days = await daysOf(ad._id, range.firstDay, range.lastDay);
        return {
          _id: ad._id,
          title: ad.title,
          position: ad.position,
          startDate: ad.startDate,
          endDate: ad.endDate,
          maxImpressionAllowed: ad.maxImpressionAllowed,
          views: days.reduce((sum, d) => sum + d.views, 0),
          clicks: days.reduce((sum, d) => sum + d.clicks, 0),
        };
      }),
    );
    rows.push(...turn);
  }
  return {
    client: { _id: client._id, name: client.name },
    from: range.firstDay,
    to: range.lastDay,
    ads: rows,
    totals: {
      views: rows.reduce((sum, r) => sum + r.views, 0),
      clicks: rows.reduce((sum, r) => sum + r.clicks, 0),
    },
  };
}
