/** E-paper editions (SPEC §3, §5): title, SEO, one verified PDF (≤ 30 MB) and a publish date with time. */
import { dateTimeField, requiredId, requiredSeoFields, requiredText, versionField } from './common';
import * as z from './z';

export const EPAPER_STATUSES = ['Draft', 'Published'] as const;
export type EpaperStatus = (typeof EPAPER_STATUSES)[number];

export const EPAPER_MESSAGES = {
  title: 'Title is required',
  file: 'PDF file is required',
  publishDate: 'Publish date is required',
} as const;

export const epaperSchema = z.object({
  title: requiredText(EPAPER_MESSAGES.title, 300),
  seo: requiredSeoFields,
  /** A verified upload of purpose `epaper-pdf`. */
  file: requiredId(EPAPER_MESSAGES.file),
  publishDate: dateTimeField(EPAPER_MESSAGES.publishDate),
});
export type EpaperInput = z.infer<typeof epaperSchema>;

/** PATCH /epaper/{id}: the whole form, or (SPEC §7) only `_id` and `status` to publish or un-publish. */
export const epaperUpdateSchema = z.extend(epaperSchema, { version: versionField });
export type EpaperUpdateInput = z.infer<typeof epaperUpdateSchema>;

export const epaperStatusSchema = z.object({
  version: versionField,
  status: z.enum(EPAPER_STATUSES, 'Status must be Draft or Published'),
});
export type EpaperStatusInput = z.infer<typeof epaperStatusSchema>;

/** The list's date filter: a day (YYYY-MM-DD, UTC) or the bounds of the local day the user picked. */
export const dateRangeQuerySchema = z.object({
  date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD'))),
  from: z.optional(dateTimeField('Enter a valid date')),
  to: z.optional(dateTimeField('Enter a valid date')),
});
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;
