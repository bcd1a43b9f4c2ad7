/** E-paper editions (CONTRACT.md §3, §5): title, SEO, one verified PDF (≤ 30 MB) and a publish date with time. */
import {
  dateTimeField,
  type MediaRef,
  type NamedRef,
  requiredId,
  requiredSeoFields,
  requiredText,
  type SeoView,
  versionField,
} from './common';
import { dateRangeFields, pagingFields } from './list-query';
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

/** PATCH /epaper/{id}: the whole form, or (CONTRACT.md §7) only `_id` and `status` to publish or un-publish. */
export const epaperUpdateSchema = z.extend(epaperSchema, { version: versionField });
export type EpaperUpdateInput = z.infer<typeof epaperUpdateSchema>;

export const epaperStatusSchema = z.object({
  version: versionField,
  status: z.enum(EPAPER_STATUSES, 'Status must be Draft or Published'),
});
export type EpaperStatusInput = z.infer<typeof epaperStatusSchema>;

/** PATCH /epaper/{id}'s two forms: the whole form (`edit`), or `status` alone to publish or un-publish. */
export const EPAPER_UPDATE_FORMS = { edit: epaperUpdateSchema, status: epaperStatusSchema };

export const epaperUpdateForm = (body: unknown): keyof typeof EPAPER_UPDATE_FORMS =>
  typeof body === 'object' && body !== null && !('title' in body) && 'status' in body ? 'status' : 'edit';

/** GET /epaper's query: paging, and editions published on a day or between two instants. */
export const epaperListQuerySchema = z.object({
  ...pagingFields(),
  /** Title words (functions/README.md, "Title search"). */
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Search text is too long'))),
  ...dateRangeFields,
});
export type EpaperListQuery = z.infer<typeof epaperListQuerySchema>;

// ---- What the API returns (types only) ----

/** One row of GET /epaper. The author's name is as of the edition's creation. */
export interface EpaperRow {
  _id: string;
  title: string;
  slug: string;
  /** The edition's path on the site (`/epaper/<slug>`). */
  url: string;
  status: EpaperStatus;
  user: NamedRef;
  publishDate: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** GET /epaper/detail/{id}, and what the writes return: the row plus what the form needs. */
export interface EpaperDetail extends Omit<EpaperRow, 'user'> {
  /** The author's id. */
  user: string;
  userName: string;
  seo: SeoView;
  /** The PDF's asset id. */
  file: string;
  /** The PDF's stored file, keyed by asset id. */
  media: Record<string, MediaRef>;
}
