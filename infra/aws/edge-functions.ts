import { VIEWER_ADDRESS_HEADER, VIEWER_HOST_HEADER } from '../../shared/addresses';

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
 * CloudFront adds, so a request sent straight to API Gateway cannot forge it. And the host the browser asked
 * for in x-viewer-host (the origin request sends API Gateway its own Host), which the sign-in routes compare with
 * the Origin of a browser that sends no Sec-Fetch-Site.
 */
export function apiViewerRequestCode(prefix: string, refused: readonly string[] = []): string {
  const address = JSON.stringify(VIEWER_ADDRESS_HEADER);
  const host = JSON.stringify(VIEWER_HOST_HEADER);
  // Paths another behaviour serves (`refused`, the delivery API's `/content/v1`): reached through `/api` they would
  // skip that behaviour's key check, cache and rate limit, so they are answered 404 here, as API Gateway would a
  // path of no route.
  const notFound = JSON.stringify(JSON.stringify({ message: { msg: 'NotFound: There is no such API route' } }));
  const refusal = refused
    .map((path) => JSON.stringify(path))
    .map(
      (path) => `  if (request.uri === ${path} || request.uri.indexOf(${path} + '/') === 0) {
    return { statusCode: 404, statusDescription: 'Not Found', headers: { 'content-type': { value: 'application/json; charset=utf-8' } }, body: { encoding: 'text', data: ${notFound} } };
  }
`,
    )
    .join('');
  return stripPrefixCode(prefix, true).replace(
    '  return request;\n}',
    `${refusal}  request.headers[${address}] = { value: event.viewer.ip };
  if (request.headers.host) request.headers[${host}] = { value: request.headers.host.value };
  else delete request.headers[${host}];
  return request;
}`,
  );
}
