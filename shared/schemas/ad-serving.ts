/**
 * Ads served to readers (CONTRACT.md §7 Ads) and what the newsroom reads of their delivery: the decision's query
 * and answer, the impression beacon's body, the click's query, an ad's flight, and a client's report.
 */
import { AD_POSITIONS, AD_SERVING, SCREEN_TYPES } from '../constants';
import type { AdPosition, AdvertisementRow, ScreenType } from './advertisement';
import * as z from './z';

export const AD_SERVING_MESSAGES = {
  position: `position must be one of ${AD_POSITIONS.join(', ')}`,
  screen: `screen must be ${SCREEN_TYPES.join(' or ')}`,
  category: 'category must be a category slug',
  home: 'home must be true or false',
  token: 'Not a valid ad token',
  expired: 'The ad token has expired: ask for a new ad',
  replayed: 'This ad token was used already',
  noAd: 'There is no such ad',
  client: 'Choose a client',
  day: 'Enter the date as YYYY-MM-DD',
  range: 'The end of the range must not be before its start',
  rangeTooLong: `A report covers at most ${AD_SERVING.reportDaysMax} days`,
} as const;

/** A category's slug as the delivery API's category pages take it. */
const SLUG = /^[\p{L}\p{N}][\p{L}\p{N}-]{0,199}$/u;

/** GET /content/v1/ads: the slot to fill. */
export const adDecisionQuerySchema = z.object({
  position: z.enum(AD_POSITIONS, AD_SERVING_MESSAGES.position),
  screen: z.enum(SCREEN_TYPES, AD_SERVING_MESSAGES.screen),
  category: z.optional(z.string().check(z.regex(SLUG, AD_SERVING_MESSAGES.category))),
  home: z.optional(z.enum(['true', 'false'], AD_SERVING_MESSAGES.home)),
});
export type AdDecisionQuery = z.infer<typeof adDecisionQuerySchema>;

const tokenField = z.string({ error: AD_SERVING_MESSAGES.token }).check(z.maxLength(AD_SERVING.tokenMax));

/** POST /content/v1/ads/impression: the token of the decision whose ad was shown. */
export const adImpressionSchema = z.object({ token: tokenField });
export type AdImpressionInput = z.infer<typeof adImpressionSchema>;

/** GET /content/v1/ads/{id}/click: the decision's token (its `click` address carries it). */
export const adClickQuerySchema = z.object({ t: tokenField });

const dayField = z
  .string({ error: AD_SERVING_MESSAGES.day })
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, AD_SERVING_MESSAGES.day));

/** A client's report: the client, and its days (UTC), both included; the last AD_REPORT_DEFAULT_DAYS up to today when left out. */
export const adReportQuerySchema = z.object({
  client: z
    .string({ error: AD_SERVING_MESSAGES.client })
    .check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, AD_SERVING_MESSAGES.client)),
  from: z.optional(dayField),
  to: z.optional(dayField),
});
export const AD_REPORT_DEFAULT_DAYS = 30;
export type AdReportQuery = z.infer<typeof adReportQuerySchema>;

// ---- What the API returns (types only) ----

/** The ad to show in a slot (GET /content/v1/ads). */
export interface PublicAd {
  id: string;
  position: AdPosition;
  /** The image for the screen asked for (positions other than Top have only a Mobile one, shown on both). */
  image: {
    url: string;
    alt: string;
    screen: ScreenType;
    /** The picture's widths (`/media/r/w640/… 640w, …`) for the `<img srcset>`, when it has renditions. */
    srcset?: string;
  };
  /** Report the ad as shown: POST /content/v1/ads/impression {token}, once, within a few minutes. */
  impressionToken: string;
  /** Where the ad links: our click address (counted, then 302 to the ad's stored link), or null without a link. */
  click: string | null;
}

/** What a beacon did: counted, or why not (a repeat of the same reader, a bot, the cap reached, outside the run). */
export interface AdImpressionResult {
  counted: boolean;
  reason?: 'repeat' | 'bot' | 'capped' | 'closed';
}

/** One UTC day of an ad's delivery. */
export interface AdDay {
  day: string;
  views: number;
  clicks: number;
}

/** GET /advertisement/{id}/flight: an ad's delivery over its dates, day by day, against its cap. */
export interface AdFlight {
  _id: string;
  maxImpressionAllowed: number;
  startDate: string;
  endDate: string;
  views: number;
  clicks: number;
  days: AdDay[];
}

/** One ad of a client's report: its row's fields, its counts those within the report's days. */
export type ClientReportRow = Pick<
  AdvertisementRow,
  '_id' | 'title' | 'position' | 'startDate' | 'endDate' | 'maxImpressionAllowed' | 'views' | 'clicks'
>;

/** GET /advertisement/report?client=…: a client's ads and their counts within `from`–`to` (UTC days). */
export interface ClientReport {
  client: { _id: string; name: string };
  from: string;
  to: string;
  ads: ClientReportRow[];
  totals: { views: number; clicks: number };
}

/** Clicks per hundred impressions, to two places; 0 without impressions. */
export const clickThroughRate = (views: number, clicks: number) =>
  views > 0 ? Math.round((clicks / views) * 10_000) / 100 : 0;
