/** Upload calls (functions/README.md, "Uploads"): start, presign parts, complete. */
import { FILE_TYPES, type FileType, MAX_PARTS, UPLOAD_PURPOSE_NAMES, type UploadPurpose } from '../constants';
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

// ---- What the API returns (types only) ----

export type AssetStatus = 'pending' | 'verified' | 'rejected' | 'aborted';

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
