/**
 * Where files live in the media bucket. A file's `key` (`<purpose>/<id>.<ext>`, made by the server) names it
 * in two places:
 * - `uploads/<key>`: where the browser's presigned PUT (or multipart upload) writes. Never served, expired by a
 *   lifecycle rule, and the only prefix a presigned URL may write to (bucket policy, local /s3 proxy).
 * - `media/<key>`: the checked copy, written only by the asset Lambda after verification and never again. It is
 *   what `/media/<key>` serves (the URL path is the object key), and what records reference.
 */
import { MEDIA_BASE } from '../../shared/addresses';
import { mediaDisposition } from '../../shared/security-headers';

export const UPLOADS_PREFIX = 'uploads/';
/** Equal to the URL path `/media/`, so CloudFront maps `/media/*` straight onto the bucket. */
export const PUBLISHED_PREFIX = `${MEDIA_BASE.slice(1)}/`;

export const uploadObjectKey = (key: string) => `${UPLOADS_PREFIX}${key}`;
export const publishedObjectKey = (key: string) => `${PUBLISHED_PREFIX}${key}`;

/** What a checked file is served with, set by us when it is written under media/ (never the uploader's). */
export const publishedObjectHeaders = (key: string, contentType: string) => ({
  ContentType: contentType,
  ContentDisposition: `${mediaDisposition(contentType)}; filename="${key.split('/').pop()}"`,
  CacheControl: 'public, max-age=31536000, immutable',
});
