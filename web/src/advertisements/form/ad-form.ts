/**
 * The ad form's values and rules: what the fields hold, how a stored ad fills them, and the resolver that checks
 * them with the shared schema (CONTRACT.md §5's messages) plus the rules across fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  AD_MESSAGES,
  AD_PAST_TOLERANCE_MS,
  type AdImage,
  type AdPosition,
  type AdvertisementInput,
  advertisementSchema,
  imagesForPosition,
} from '../../../../shared/schemas/advertisement';
import type { AdvertisementDetail } from '../api';
import { isAdPosition } from '../positions';

export interface AdForm {
  title: string;
  description: string;
  url: string;
  /** The client's id, '' until one is picked. */
  client: string;
  categories: string[];
  /** Mantine's NumberInput gives '' when empty. */
  maxImpressionAllowed: number | string;
  /** ISO instants, '' until picked. */
  startDate: string;
  endDate: string;
  position: AdPosition | '';
  images: AdImage[];
  isFeatured: boolean;
}

export const EMPTY_AD_FORM: AdForm = {
  title: '',
  description: '',
  url: '',
  client: '',
  categories: [],
  maxImpressionAllowed: '',
  startDate: '',
  endDate: '',
  position: '',
  images: [],
  isFeatured: false,
};

/** A stored ad in the form. views, clicks, createdAt and updatedAt are not form fields (CONTRACT.md §3). */
export const toAdForm = (ad: AdvertisementDetail): AdForm => ({
  title: ad.title,
  description: ad.description ?? '',
  url: ad.url ?? '',
  client: ad.client,
  categories: ad.categories,
  maxImpressionAllowed: ad.maxImpressionAllowed,
  startDate: ad.startDate,
  endDate: ad.endDate,
  position: ad.position,
  images: ad.images,
  isFeatured: ad.isFeatured,
});

/** The images the chosen position keeps; with no position yet, the Mobile one (every position needs it). */
export const imagesFor = (position: AdPosition | '', images: AdImage[]): AdImage[] =>
  imagesForPosition(isAdPosition(position) ? position : 'Bottom', images);

type CrossField = 'startDate' | 'endDate' | 'images';

const sameInstant = (a: string, b: string | undefined) => b !== undefined && Date.parse(a) === Date.parse(b);

/**
 * The rules across fields, checked even while other fields are still wrong (the schema checks them only once every
 * field parses), so one Save shows every problem. A date not in the past (CONTRACT.md §5) is checked only when it was
 * changed: a running ad keeps its start, as the API allows.
 */
export function crossFieldProblems(
  values: AdForm,
  stored: Pick<AdvertisementDetail, 'startDate' | 'endDate'> | undefined,
  now: number,
): Partial<Record<CrossField, string>> {
  const problems: Partial<Record<CrossField, string>> = {};
  const start = Date.parse(values.startDate);
  const end = Date.parse(values.endDate);
  const past = (value: string, time: number, was: string | undefined) =>
    !Number.isNaN(time) && !sameInstant(value, was) && time < now - AD_PAST_TOLERANCE_MS;

  if (past(values.startDate, start, stored?.startDate)) problems.startDate = AD_MESSAGES.startPast;
  if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) problems.endDate = AD_MESSAGES.endBeforeStart;
  else if (past(values.endDate, end, stored?.endDate)) problems.endDate = AD_MESSAGES.endPast;

  const has = (screenType: AdImage['screenType']) => values.images.some((image) => image.screenType === screenType);
  if (!has('Mobile')) problems.images = AD_MESSAGES.mobileImage;
  else if (values.position === 'Top' && !has('Desktop')) problems.images = AD_MESSAGES.desktopImage;
  return problems;
}

const schemaResolver = zodResolver(advertisementSchema) as unknown as Resolver<AdForm, unknown, AdvertisementInput>;

/** The shared schema's checks, then the cross-field ones for fields it left without an error. */
export function adFormResolver(
  stored?: Pick<AdvertisementDetail, 'startDate' | 'endDate'>,
): Resolver<AdForm, unknown, AdvertisementInput> {
  return async (values, context, options) => {
    const prepared: AdForm = {
      ...values,
      // An empty number box is "missing", which the schema words as its own message.
      maxImpressionAllowed:
        values.maxImpressionAllowed === '' ? (undefined as unknown as string) : values.maxImpressionAllowed,
      images: imagesFor(values.position, values.images),
    };
    const result = await schemaResolver(prepared, context, options);
    const problems = Object.entries(crossFieldProblems(prepared, stored, Date.now())) as [CrossField, string][];
    if (problems.length === 0) return result;
    const errors: FieldErrors<AdForm> = { ...result.errors };
    for (const [field, message] of problems) errors[field] ??= { type: 'custom', message };
    return { values: {}, errors };
  };
}
