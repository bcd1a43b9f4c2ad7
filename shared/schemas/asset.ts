/** Upload calls (functions/README.md, "Uploads"): start, presign parts, complete. */
import {
  FILE_TYPES,
  type FileType,
  MAX_PARTS,
  MEDIA_LIBRARY,
  UPLOAD_PURPOSE_NAMES,
  type UploadPurpose,
} from '../constants';
import type { FocalPoint, RenditionRef } from '../renditions';
import type { NamedRef } from './common';
import { dateTimeField, optionalText } from './common';
import * as z from './z';

const fileTypes = Object.keys(FILE_TYPES) as [keyof typeof FILE_TYPES, ...(keyof typeof FILE_TYPES)[]];

export const uploadStartSchema = z.object({
  name: z
    .string({ error: 'A file name is required' })
    .check(z.trim(), z.minLength(1, 'A file name is required'), z.maxLength(255)),
  contentType: z.enum(fileTypes, 'This type of file cannot be uploaded'),
  size: z.int({ error: 'The file size is required' }).check(z.minimum(1, 'The file is empty')),
  purpose: z.enum(UPLOAD_PURPOSE_NAMES as [string, ...string[]], 'Unknown upload purpose'),
  tag: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type UploadStartInput = z.infer<typeof uploadStartSchema>;

const partNumber = z.int().check(z.minimum(1, 'Part numbers start at 1'), z.maximum(MAX_PARTS));

export const partsSchema = z.object({
  partNumbers: z
    .array(partNumber)
    .check(z.minLength(1, 'Ask for at least one part'), z.maxLength(100, 'At most 100 parts per call')),
});

export const completeSchema = z.object({
  parts: z.optional(
    z
      .array(z.object({ partNumber, etag: z.string().check(z.minLength(1), z.maxLength(200)) }))
      .check(z.maxLength(MAX_PARTS)),
  ),
});
export type CompleteInput = z.infer<typeof completeSchema>;

/** The media library's kinds of file (its type filter). */
export const ASSET_KINDS = ['image', 'video', 'pdf', 'document'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** GET /asset: the media library's page, newest first, by cursor. */
export const assetListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(MEDIA_LIBRARY.maxQueryLength, 'The search is too long'))),
  kind: z.optional(z.enum(ASSET_KINDS, 'kind must be image, video, pdf or document')),
  uploader: z.optional(z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'uploader must be a user id'))),
  from: z.optional(dateTimeField('Enter a valid date')),
  to: z.optional(dateTimeField('Enter a valid date')),
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,400}$/, 'Not a valid page cursor'))),
  limit: z._default(
    z.pipe(
      z.string(),
      z
        .transform(Number)
        .check(
          z.refine(
            (n) => Number.isInteger(n) && n >= 1 && n <= MEDIA_LIBRARY.maxPageSize,
            `limit must be a whole number from 1 to ${MEDIA_LIBRARY.maxPageSize}`,
          ),
        ),
    ),
    MEDIA_LIBRARY.pageSize,
  ),
});
export type AssetListQuery = z.infer<typeof assetListQuerySchema>;

const focalCoordinate = z
  .number({ error: 'The focal point is x and y from 0 to 1' })
  .check(
    z.minimum(0, 'The focal point is x and y from 0 to 1'),
    z.maximum(1, 'The focal point is x and y from 0 to 1'),
  );

/** PATCH /asset/{id}: what the library edits of a file (the file itself never changes). */
export const assetDetailsSchema = z.object({
  alt: optionalText(MEDIA_LIBRARY.maxAltLength, 'Alt text is too long'),
  caption: optionalText(MEDIA_LIBRARY.maxCaptionLength, 'The caption is too long'),
  credit: optionalText(MEDIA_LIBRARY.maxCreditLength, 'The credit is too long'),
  focal: z.optional(z.object({ x: focalCoordinate, y: focalCoordinate })),
  version: z.int({ error: 'version is required' }).check(z.minimum(1)),
});
export type AssetDetailsInput = z.infer<typeof assetDetailsSchema>;

// ---- What the API returns (types only) ----

export type AssetStatus = 'pending' | 'verified' | 'rejected' | 'aborted' | 'removed';

/** GET /asset/{id}: a stored file, for its uploader and those who may read assets. */
export interface AssetView {
  _id: string;
  key: string;
  /** The original file name. */
  name: string;
  url: string;
  type: FileType;
  size: number;
  purpose: UploadPurpose;
  tag?: string;
  status: AssetStatus;
  /** Why verification refused it. */
  reason?: string;
  kind: AssetKind;
  /** Pixels, after the EXIF orientation is applied (raster images). */
  width?: number;
  height?: number;
  alt?: string;
  caption?: string;
  credit?: string;
  /** Where crops are cut around (images); the centre when never set. */
  focal: FocalPoint;
  /** Every rendition's address and size (raster images; empty otherwise). */
  renditions: RenditionRef[];
  uploader?: NamedRef;
  createdAt: string;
  version: number;
}

/** GET /asset: one page of the library and the cursor of the next; `scanned` counts what a text search read. */
export interface AssetPage {
  list: AssetView[];
  next?: string;
  /** Set when the search stopped at its read budget before filling the page: ask `next` to search further. */
  partial?: boolean;
}

/** Where a file is used: each a link the library shows. */
export type AssetUseKind = 'article' | 'advertisement' | 'category' | 'site' | 'epaper';
export interface AssetUse {
  kind: AssetUseKind;
  /** The record's id ('site' for the site's settings). */
  id: string;
  /** What the library shows: the record's title or name. */
  title: string;
  /** How it uses the file: cover, gallery, video, video cover, body, image, logo, favicon, file. */
  field: string;
  /** The record is in its trash (restoring it would need the file). */
  trashed?: boolean;
}

/** GET /asset/{id}/uses and a refused Remove's `uses`. */
export interface AssetUses {
  uses: AssetUse[];
}

/** GET /asset/{id}/original: a short-lived link to the untouched upload, metadata and all (staff only). */
export interface OriginalDownload {
  url: string;
  expiresAt: string;
}

/** GET /asset/needs-alt: images used as a cover that have no alt text yet, with where. */
export interface CoversWithoutAlt {
  list: (AssetView & { uses: AssetUse[] })[];
}

/** A file of at most the multipart threshold: one presigned PUT with these headers. */
export interface SingleUpload {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
}

/** A larger file: parts of `partSize` bytes, each PUT to a URL from POST /asset/{id}/parts. */
export interface MultipartPlan {
  multipart: { uploadId: string; partSize: number; partCount: number };
}

/** POST /asset/upload: the new asset and how to send its bytes. */
export interface StartedUpload {
  _id: string;
  key: string;
  upload: SingleUpload | MultipartPlan;
}

/** POST /asset/{id}/parts: a presigned URL per part asked for. */
export interface PartUrls {
  parts: { partNumber: number; url: string }[];
}

/** POST /asset/{id}/complete: the verified file. */
export interface CompletedUpload {
  _id: string;
  key: string;
  name: string;
  url: string;
}

/** DELETE /asset/{id}/upload: the asset's status afterwards. */
export interface AbortedUpload {
  _id: string;
  status: AssetStatus;
}
