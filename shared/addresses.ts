/** Where the API and uploaded media are reached, and the headers CloudFront adds on the way. */
/** The base path under which the web app and CloudFront reach the API. */
export const API_BASE = '/api';
/** Where uploaded media is served from (CloudFront in AWS, the local gateway on a laptop). */
export const MEDIA_BASE = '/media';

/**
 * Headers CloudFront adds to every API request: the origin secret (a request without it did not come through
 * CloudFront and is refused) and the viewer's address (trusted only together with the secret).
 */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
