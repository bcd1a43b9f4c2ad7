/** Where the API and uploaded media are reached, and the headers CloudFront adds on the way. */
/** The base path under which the web app and CloudFront reach the API. */
export const API_BASE = '/api';
/**
 * The delivery API: the reader-facing site's read-only view of what is published, behind the CDN with a content
 * API key (CONTRACT.md §7 Delivery). Its paths are the route table's paths as they are: no prefix is stripped.
 */
export const CONTENT_BASE = '/content/v1';
/** The header a content API key travels in: not part of any cache key, so every key shares one cached copy. */
export const CONTENT_KEY_HEADER = 'x-content-key';
/** Where uploaded media is served from (CloudFront in AWS, the local gateway on a laptop). */
export const MEDIA_BASE = '/media';

/**
 * Headers CloudFront adds to every API request: the origin secret (a request without it did not come through
 * CloudFront and is refused), the viewer's address (trusted only together with the secret) and the host name the
 * browser asked for (API Gateway receives its own in Host), which the sign-in routes compare with the Origin.
 */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
export const VIEWER_HOST_HEADER = 'x-viewer-host';

/** Where Vite puts the hashed build output, under web/dist, and the path the app loads it from. */
export const WEB_ASSETS_DIR = 'assets';

/** What browsers are told to keep of the admin app's files, by CloudFront (S3 metadata) and the local gateway alike. */
export const WEB_CACHE_CONTROL = {
  /** Hashed files: a new build gives a changed file a new name, so browsers may keep each one for good. */
  assets: 'public, max-age=31536000, immutable',
  /** index.html and the other root files: asked again on every load (a 304 when unchanged), so a deploy reaches everyone at once. */
  root: 'no-cache',
} as const;
