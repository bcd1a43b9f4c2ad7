/**
 * The built admin app (web/dist) as CloudFront serves it: hashed files under /assets/ cached for a year
 * (`immutable`), index.html and the other root files revalidated on every load (`no-cache`, with an ETag so a
 * reload gets a 304), and text files compressed for browsers that accept it — brotli first, else gzip — above
 * CloudFront's 1,000-byte floor. Each file is compressed once, on its first request, and kept in memory (the
 * whole app is about 0.7 MB of brotli) until its size or modification time changes.
 */
import { type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { WEB_ASSETS_DIR, WEB_CACHE_CONTROL } from '../../shared/addresses';
import { adminAppHeaders } from '../../shared/security-headers';

/** Uploads go to the gateway's own /s3, so the admin's policy needs no other origin for them. */
const ADMIN_APP_HEADERS = adminAppHeaders();

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** What is worth compressing (CloudFront's list, for what a Vite build emits); images and fonts already are. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.ico']);
/** CloudFront compresses files from 1,000 bytes up. */
const MIN_COMPRESS_BYTES = 1000;

type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli at quality 5 compresses the whole app (2.4 MB of JavaScript and CSS) in about a quarter of a second,
 * within 10 % of quality 11, which takes 12 s: on the fly, as CloudFront does, not at build time.
 */
function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body, { level: 9 });
}

/** The best encoding the browser takes: `br` before `gzip`, and neither when refused with `q=0`. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
}

interface Cached {
  /** Size and modification time of the file these bodies were made from. */
  version: string;
  bodies: Map<Encoding, Promise<Buffer>>;
}

/** Serves one folder of built files; keeps what it read and compressed in memory. */
export function staticFiles(webDir: string) {
  const cache = new Map<string, Cached>();

  const bodyOf = (file: string, stats: Stats, encoding: Encoding): Promise<Buffer> => {
    const version = `${stats.size}-${Math.floor(stats.mtimeMs)}`;
    let entry = cache.get(file);
    if (!entry || entry.version !== version) {
      entry = { version, bodies: new Map() };
      cache.set(file, entry);
    }
    let body = entry.bodies.get(encoding);
    if (!body) {
      const raw = entry.bodies.get('identity') ?? readFile(file);
      entry.bodies.set('identity', raw);
      body = encoding === 'identity' ? raw : raw.then((bytes) => compress(bytes, encoding));
      entry.bodies.set(encoding, body);
      // A failed read is not kept: the next request tries again.
      body.catch(() => cache.delete(file));
    }
    return body;
  };

  return async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
    } catch {
      relative = '';
    }
    let file = join(webDir, relative);
    let stats =
      relative !== '' && file.startsWith(webDir + sep) ? statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!stats?.isFile()) {
      if (extname(url.pathname) !== '') {
        res.writeHead(404, { ...ADMIN_APP_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found');
        return;
      }
      file = join(webDir, 'index.html'); // SPA fallback, as the CloudFront function does
      stats = statSync(file, { throwIfNoEntry: false });
    }
    if (!stats?.isFile()) {
      res.writeHead(503, { ...ADMIN_APP_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
      res.end('The admin app is not built: run `npm run build:web`.');
      return;
    }

    const type = extname(file);
    const immutable = relative.startsWith(`${WEB_ASSETS_DIR}/`) && file !== join(webDir, 'index.html');
    const compressible = COMPRESSIBLE.has(type) && stats.size >= MIN_COMPRESS_BYTES;
    const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : 'identity';
    const etag = `W/"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`;
    const headers: Record<string, string> = {
      ...ADMIN_APP_HEADERS,
      'content-type': MIME[type] ?? 'application/octet-stream',
      'cache-control': immutable ? WEB_CACHE_CONTROL.assets : WEB_CACHE_CONTROL.root,
      etag,
      ...(compressible ? { vary: 'Accept-Encoding' } : {}),
    };
    const method = (req.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { ...ADMIN_APP_HEADERS, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const body = await bodyOf(file, stats, encoding);
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(method === 'HEAD' ? undefined : body);
  };
}
