/**
 * Source of the CloudFront Functions (viewer request, cloudfront-js-2.0 runtime). Kept as plain ES5-style
 * strings so the same text that is deployed can be evaluated by the infra tests.
 */

/** SPA fallback: a path whose last segment has no file extension is a client-side route, served index.html. */
export const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * Drops a path prefix (`/api/category/` -> `/category/`), and with trimTrailingSlash the trailing slash too
 * (-> `/category`, the form API Gateway route keys use).
 */
export function stripPrefixCode(prefix: string, trimTrailingSlash: boolean): string {
  return `function handler(event) {
  var request = event.request;
  var prefix = ${JSON.stringify(prefix)};
  var uri = request.uri;
  if (uri === prefix || uri.indexOf(prefix + '/') === 0) uri = uri.substring(prefix.length);
  if (${trimTrailingSlash} && uri.length > 1 && uri.charAt(uri.length - 1) === '/') uri = uri.substring(0, uri.length - 1);
  request.uri = uri === '' ? '/' : uri;
  return request;
}`;
}
