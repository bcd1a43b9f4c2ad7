/**
 * The API document, rendered locally at /api/docs: Swagger UI (the swagger-ui-dist devDependency, served from
 * node_modules, nothing fetched from elsewhere) reading /api/openapi.json, which the docs Lambda serves here and
 * in AWS alike. The page and its files carry the admin app's security headers: scripts and styles from this
 * origin only (Swagger UI's inline style attributes are allowed there too).
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_BASE } from '../../shared/addresses';
import { adminAppHeaders } from '../../shared/security-headers';

export const API_DOCS_PATH = `${API_BASE}/docs`;

const HEADERS = adminAppHeaders();

/** The viewer's own files this page needs, and nothing else of the package. */
const VIEWER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const viewerDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Admin Portal API</title>
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" />
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the page's policy runs scripts from this origin only. No validator badge (it
// would send the document to validator.swagger.io).
const START = `window.ui = SwaggerUIBundle({
  url: '${API_BASE}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});
`;

export const isApiDocsPath = (pathname: string) =>
  pathname === API_DOCS_PATH || pathname.startsWith(`${API_DOCS_PATH}/`);

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { ...HEADERS, 'content-type': type, 'cache-control': 'no-cache', ...extra });
  res.end(body);
}

export function serveApiDocs(req: IncomingMessage, res: ServerResponse, url: URL): void {
  const name = url.pathname.slice(API_DOCS_PATH.length).replace(/^\//, '');
  const type = VIEWER_FILES[name];
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'text/plain; charset=utf-8', 'Use GET', { allow: 'GET, HEAD' });
  } else if (name === '') {
    send(res, 200, 'text/html; charset=utf-8', PAGE);
  } else if (name === 'start.js') {
    send(res, 200, 'text/javascript; charset=utf-8', START);
  } else if (!type) {
    send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  } else {
    res.writeHead(200, { ...HEADERS, 'content-type': type, 'cache-control': 'public, max-age=3600' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(join(viewerDir(), name)).pipe(res);
  }
}
