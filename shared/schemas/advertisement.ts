/**
 * Advertisements (CONTRACT.md §3, §4, §5): one client, categories, an impression cap, a running window that starts
 * no earlier than now and ends after it starts, a position, and images per screen type: Top needs a Mobile
 * and a Desktop image, every other position keeps only the Mobile one.
 */
import { AD_POSITIONS, MAX_AD_CATEGORIES, SCREEN_TYPES, SHARED_PAGE_SIZE } from '../constants';
import { LINK_MESSAGE } from '../links';
import {
  dateTimeField,
  idField,
  linkField,
  type MediaRef,
  type NamedRef,
  optionalText,
  requiredId,
  requiredText,
  versionField,
} from './common';
import { dateRangeFields, pagingFields } from './list-query';
import * as z from './z';

export type AdPosition = (typeof AD_POSITIONS)[number];
export type ScreenType = (typeof SCREEN_TYPES)[number];

export const AD_MESSAGES = {
  title: 'Title is required',
  client: 'Client is required',
  categories: 'Select at least one category',
  maxImpressions: 'Enter a whole number of impressions above 0',
  startDate: 'Start date is required',
  endDate: 'End date is required',
  startPast: 'The start date cannot be in the past',
  endPast: 'The end date cannot be in the past',
  endBeforeStart: 'The end date must be after the start date',
  position: 'Choose a position',
  mobileImage: 'A Mobile image is required',
  desktopImage: 'The Top position needs a Desktop image too',
  /** An ad may link to another site or to a page on ours. */
  url: LINK_MESSAGE,
} as const;

/** How far in the past a start may be: the time it took to fill in the form is not "the past". */
export const AD_PAST_TOLERANCE_MS = 10 * 60 * 1000;

export const adImageSchema = z.object({
  screenType: z.enum(SCREEN_TYPES, 'Screen type must be Mobile or Desktop'),
  /** A verified upload of purpose `ad-image` (png or jpeg, ≤ 3 MB). */
  file: idField,
});
export type AdImage = z.infer<typeof adImageSchema>;

/** The images a position keeps (CONTRACT.md §4): Top both screen types, the others only Mobile. */
export const screenTypesFor = (position: AdPosition): ScreenType[] =>
  position === 'Top' ? ['Mobile', 'Desktop'] : ['Mobile'];

/** Drops the images the position does not keep (the form and the API do the same). */
export const imagesForPosition = (position: AdPosition, images: AdImage[]): AdImage[] => {
  const kept = screenTypesFor(position);
  return kept.flatMap((screenType) => images.filter((i) => i.screenType === screenType).slice(0, 1));
};

const fields = {
  title: requiredText(AD_MESSAGES.title, 200),
  description: optionalText(2000),
  url: linkField({ max: 1000, message: AD_MESSAGES.url }),
  client: requiredId(AD_MESSAGES.client),
  categories: z
    .array(idField, { error: AD_MESSAGES.categories })
    .check(
      z.minLength(1, AD_MESSAGES.categories),
      z.maxLength(MAX_AD_CATEGORIES, `At most ${MAX_AD_CATEGORIES} categories`),
    ),
  maxImpressionAllowed: z
    .number({ error: AD_MESSAGES.maxImpressions })
    .check(z.int(AD_MESSAGES.maxImpressions), z.minimum(1, AD_MESSAGES.maxImpressions), z.maximum(1e12)),
  startDate: dateTimeField(AD_MESSAGES.startDate),
  endDate: dateTimeField(AD_MESSAGES.endDate),
  position: z.enum(AD_POSITIONS, AD_MESSAGES.position),
  images: z.array(adImageSchema).check(z.maxLength(4, 'At most one image per screen type')),
  isFeatured: z.optional(z.boolean()),
};

/** Rules across fields: the window's order, and the images the position needs. */
const crossChecks = z.superRefine(
  (ad: { startDate: string; endDate: string; position: AdPosition; images: AdImage[] }, ctx) => {
    if (Date.parse(ad.endDate) <= Date.parse(ad.startDate)) {
      ctx.issues.push({ code: 'custom', message: AD_MESSAGES.endBeforeStart, path: ['endDate'], input: ad });
    }
    const has = (t: ScreenType) => ad.images.some((i) => i.screenType === t);
    if (!has('Mobile')) {
      ctx.issues.push({ code: 'custom', message: AD_MESSAGES.mobileImage, path: ['images'], input: ad });
    } else if (ad.position === 'Top' && !has('Desktop')) {
      ctx.issues.push({ code: 'custom', message: AD_MESSAGES.desktopImage, path: ['images'], input: ad });
    }
  },
);

export const advertisementSchema = z.object(fields).check(crossChecks);
export type AdvertisementInput = z.infer<typeof advertisementSchema>;

export const advertisementUpdateSchema = z.object({ ...fields, version: versionField }).check(crossChecks);
export type AdvertisementUpdateInput = z.infer<typeof advertisementUpdateSchema>;

/** "Not in the past" (CONTRACT.md §5), with the tolerance; an unchanged date of a running ad is not re-checked. */
export function pastDateProblem(startDate: string, endDate: string, now: number): string | undefined {
  if (Date.parse(startDate) < now - AD_PAST_TOLERANCE_MS) return AD_MESSAGES.startPast;
  if (Date.parse(endDate) < now - AD_PAST_TOLERANCE_MS) return AD_MESSAGES.endPast;
  return undefined;
}

/** GET /advertisement's query: paging, title text, categories (comma-separated ids), and ads running on a day. */
export const advertisementListQuerySchema = z.object({
  ...pagingFields(SHARED_PAGE_SIZE),
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Search text is too long'))),
  categories: z.optional(z.string().check(z.maxLength(27 * MAX_AD_CATEGORIES))),
  ...dateRangeFields,
});
export type AdvertisementListQuery = z.infer<typeof advertisementListQuerySchema>;

// ---- What the API returns (types only) ----

/** One row of GET /advertisement. Client, category and creator names are as of the ad's last save. */
export interface AdvertisementRow {
  _id: string;
  title: string;
  url: string;
  client: NamedRef;
  categories: NamedRef[];
  position: AdPosition;
  startDate: string;
  endDate: string;
  maxImpressionAllowed: number;
  /** Counted by the site; never set from the form. */
  views: number;
  clicks: number;
  isFeatured: boolean;
  /** The creator (Added By). */
  user: NamedRef;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** GET /advertisement/{id}: the row with ids in place of the client and category names, and the images. */
export interface AdvertisementDetail extends Omit<AdvertisementRow, 'client' | 'categories'> {
  description: string;
  client: string;
  clientName: string;
  categories: string[];
  images: AdImage[];
  /** The images' stored files, by asset id. */
  media: Record<string, MediaRef>;
}
