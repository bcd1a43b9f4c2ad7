/**
 * Where files live in the media bucket. A file's `key` (`<purpose>/<id>.<ext>`, made by the server) names it
 * in these places:
 * - `uploads/<key>`: where the browser's presigned PUT (or multipart upload) writes. Never served, expired by a
 *   lifecycle rule, and the only prefix a presigned URL may write to (bucket policy, local /s3 proxy).
 * - `media/<key>`: the checked copy, written only by the asset Lambda after verification and never again. It is
 *   what `/media/<key>` serves (the URL path is the object key), and what records reference. For a raster image
 *   it is the cleaned original (upright, sRGB, no EXIF, XMP or IPTC: functions/media-render/images.ts).
 * - `originals/<key>`: a raster image's upload exactly as checked, kept private (never served: it may carry a GPS
 *   position). Renditions are made from it.
 * - `media/r/<key>/<format>/<preset>`: the renditions, each made once by the media-render Lambda. Key first, so
 *   that everything made of one file is one prefix to list (removal deletes them and purges their addresses).
 *   The viewer's address is `/media/r/<preset>/<key>` (shared/renditions.ts); the CDN rewrites it to this.
 */
import { MEDIA_BASE } from '../../shared/addresses';
import { mediaDisposition } from '../../shared/security-headers';

export const UPLOADS_PREFIX = 'uploads/';
/** Equal to the URL path `/media/`, so CloudFront maps `/media/*` straight onto the bucket. */
export const PUBLISHED_PREFIX = `${MEDIA_BASE.slice(1)}/`;

/** The untouched upload of a raster image, metadata and all: never served, downloadable by staff only. */
export const ORIGINALS_PREFIX = 'originals/';

export const uploadObjectKey = (key: string) => `${UPLOADS_PREFIX}${key}`;
export const originalObjectKey = (key: string) => `${ORIGINALS_PREFIX}${key}`;
export const publishedObjectKey = (key: string) => `${PUBLISHED_PREFIX}${key}`;

/** Equal to the rewritten URL path `/media/r/`: the CDN's first origin for a rendition is the bucket itself. */
export const RENDITIONS_PREFIX = `${PUBLISHED_PREFIX}r/`;

/** Where one rendition of a file is stored: `media/r/<key>/<format>/<preset segment>`. */
export const renditionObjectKey = (key: string, format: string, presetSegment: string) =>
  `${RENDITIONS_PREFIX}${key}/${format}/${presetSegment}`;
/** The prefix every rendition of a file is stored under (list it to remove them all). */
export const renditionsPrefix = (key: string) => `${RENDITIONS_PREFIX}${key}/`;

/**
 * The viewer's address of a stored rendition (`media/r/<key>/<format>/<preset>` → `/media/r/<preset>/<key>`).
 * Undefined for an object key that is not a rendition's.
 */
export function renditionViewerPath(objectKey: string): string | undefined {
  if (!objectKey.startsWith(RENDITIONS_PREFIX)) return undefined;
  const parts = objectKey.slice(RENDITIONS_PREFIX.length).split('/');
  if (parts.length !== 4) return undefined;
  const [purpose, file, , preset] = parts;
  return `${MEDIA_BASE}/r/${preset}/${purpose}/${file}`;
}

/** What a checked file is served with, set by us when it is written under media/ (never the uploader's). */
export const publishedObjectHeaders = (key: string, contentType: string) => ({
  ContentType: contentType,
  ContentDisposition: `${mediaDisposition(contentType)}; filename="${key.split('/').pop()}"`,
  CacheControl: 'public, max-age=31536000, immutable',
});

/**
 * What a removal purges from the CDN for one stored rendition: CloudFront's advice for a URI a viewer-request
 * function rewrote is to invalidate both the viewer's URI and the rewritten one (the cache key).
 */
export function renditionPurgePaths(objectKey: string): string[] {
  const viewer = renditionViewerPath(objectKey);
  return viewer ? [viewer, `/${objectKey}`] : [];
}
