import { VIEWER_ADDRESS_HEADER } from '../../shared/addresses';

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

/**
 * The API behaviour: the path as stripPrefixCode makes it, and the viewer's IP (what CloudFront-Viewer-Address
 * holds, which a managed origin request policy cannot forward together with Authorization) in
 * x-viewer-address, overwriting whatever the client sent. The Lambdas trust it only with the origin secret
 * CloudFront adds, so a request sent straight to API Gateway cannot forge it.
 */
export function apiViewerRequestCode(prefix: string): string {
  return stripPrefixCode(prefix, true).replace(
    '  return request;\n}',
    `  request.headers[${JSON.stringify(VIEWER_ADDRESS_HEADER)}] = { value: event.viewer.ip };\n  return request;\n}`,
  );
}
