/**
 * The CDN in front of the delivery API (`/content/v1/*`), on a laptop, doing what CloudFront and its viewer
 * function do in AWS (infra/aws/delivery.ts), so a test proves "publish → visible" and "retract → gone" the way
 * readers see it:
 * - every request's content key is checked first, cache hits too, by the CloudFront Function's own code and a
 *   copy of its key store (edge-keys.ts): none, or a dead one, is 401 and reaches nothing else;
 * - each key may make CONTENT_KEY.ratePerFiveMinutes requests in any five minutes (WAF's rate rule): past it, 429;
 * - answers are kept by path and query string (never by key: one copy for all keys) for their `s-maxage`, served
 *   stale for `stale-while-revalidate` while a fresh copy is fetched, and for `stale-if-error` when the origin fails;
 * - a matching If-None-Match is answered 304 from the copy;
 * - purge(paths) drops copies as a CloudFront invalidation does: an exact path its copy without a query string, a
 *   path ending in `*` every copy whose path and query start so.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTENT_KEY_HEADER } from '../../shared/addresses';
import { CONTENT_KEY } from '../../shared/constants';
import { TOKEN_PATHS } from '../aws/content-key-check';
import type { EdgeAnswer } from './edge-keys';

const TOKEN_PATH = new RegExp(TOKEN_PATHS);

export interface OriginAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ContentCacheOptions {
  /** The origin: the delivery Lambda, asked without the viewer's conditional headers. */
  origin: (req: IncomingMessage, url: URL) => Promise<OriginAnswer>;
  /** The edge's viewer-request function: undefined to go on, or its own answer (a refusal, a preflight). */
  edge: (req: IncomingMessage) => Promise<EdgeAnswer | undefined>;
  ratePerFiveMinutes?: number;
  now?: () => number;
  maxEntries?: number;
}

interface Entry {
  answer: OriginAnswer;
  storedAt: number;
  maxAge: number;
  staleWhileRevalidate: number;
  staleIfError: number;
  refreshing?: boolean;
}

/** The seconds of a Cache-Control directive, or 0. */
function directive(cacheControl: string, name: string): number {
  const match = new RegExp(`(?:^|[,\\s])${name}=(\\d+)`).exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

const cacheable = (answer: OriginAnswer) =>
  (answer.status === 200 || answer.status === 404) &&
  /\bpublic\b/.test(answer.headers['cache-control'] ?? '') &&
  directive(answer.headers['cache-control'] ?? '', 's-maxage') > 0;

/** The cache's key: the path and the query string as sent (CloudFront's key with every query string in it). */
const cacheKey = (url: URL) => `${url.pathname}${url.search}`;

/** Whether the If-None-Match header names `etag` (weak comparison). */
function ifNoneMatches(header: string | undefined, etag: string | undefined): boolean {
  if (!header || !etag) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const RATE_REFUSED = 'Too many requests with this content API key: slow down and try again shortly';

function sendJson(res: ServerResponse, status: number, text: string, kind: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra });
  res.end(JSON.stringify({ message: { msg: `${kind}: ${text}` } }));
}

/** A window of five minutes per key, counted in one-second slots (the sum of the last 300 is the rate). */
export class KeyRateLimit {
  private readonly slots = new Map<string, Map<number, number>>();
  constructor(
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  /** Counts a request of `key`; false when it is over the limit (not counted then). */
  take(key: string): boolean {
    const second = Math.floor(this.now() / 1000);
    const slots = this.slots.get(key) ?? new Map<number, number>();
    this.slots.set(key, slots);
    let total = 0;
    for (const [at, count] of slots) {
      if (at <= second - 300) slots.delete(at);
      else total += count;
    }
    if (total >= this.limit) return false;
    slots.set(second, (slots.get(second) ?? 0) + 1);
    return true;
  }
}

export class ContentCache {
  private readonly entries = new Map<string, Entry>();
  private readonly limiter: KeyRateLimit;
  private readonly now: () => number;
  private readonly maxEntries: number;

  constructor(private readonly options: ContentCacheOptions) {
    this.now = options.now ?? Date.now;
    this.limiter = new KeyRateLimit(options.ratePerFiveMinutes ?? CONTENT_KEY.ratePerFiveMinutes, this.now);
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** Drops copies as a CloudFront invalidation of `paths` does. */
  purge(paths: readonly string[]): void {
    for (const path of paths) {
      if (path.endsWith('*')) {
        const start = path.slice(0, -1);
        for (const key of this.entries.keys()) if (key.startsWith(start)) this.entries.delete(key);
      } else this.entries.delete(path);
    }
  }

  /** How many copies it holds (tests). */
  get size(): number {
    return this.entries.size;
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const refused = await this.options.edge(req);
    if (refused) {
      const headers = Object.fromEntries(Object.entries(refused.headers).map(([name, { value }]) => [name, value]));
      res.writeHead(refused.statusCode, headers);
      res.end(refused.body?.data ?? '');
      return;
    }
    const key = String(req.headers[CONTENT_KEY_HEADER] ?? '');
    // A beacon or a click carries a token, not a key: its decision was counted against the key (WAF's rule alike).
    if (!TOKEN_PATH.test(url.pathname) && !this.limiter.take(key))
      return sendJson(res, 429, RATE_REFUSED, 'TooManyRequests', { 'retry-after': '60' });
    const method = (req.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      // Not cached: passed to the origin, which answers 405.
      return this.send(req, res, await this.options.origin(req, url), 'Miss');
    }
    const id = cacheKey(url);
    const entry = this.entries.get(id);
    const age = entry ? (this.now() - entry.storedAt) / 1000 : 0;
    if (entry && age < entry.maxAge) return this.send(req, res, entry.answer, 'Hit', age);
    if (entry && age < entry.maxAge + entry.staleWhileRevalidate) {
      this.refresh(req, url, id, entry);
      return this.send(req, res, entry.answer, 'StaleHit', age);
    }
    let answer: OriginAnswer;
    try {
      answer = await this.options.origin(req, url);
    } catch (error) {
      if (entry && age < entry.maxAge + entry.staleIfError) return this.send(req, res, entry.answer, 'Error', age);
      throw error;
    }
    if (answer.status >= 500 && entry && age < entry.maxAge + entry.staleIfError) {
      return this.send(req, res, entry.answer, 'Error', age);
    }
    this.store(id, answer);
    return this.send(req, res, answer, 'Miss');
  }

  private store(id: string, answer: OriginAnswer) {
    if (!cacheable(answer)) {
      this.entries.delete(id);
      return;
    }
    const control = answer.headers['cache-control'] ?? '';
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(id, {
      answer,
      storedAt: this.now(),
      maxAge: directive(control, 's-maxage'),
      staleWhileRevalidate: directive(control, 'stale-while-revalidate'),
      staleIfError: directive(control, 'stale-if-error'),
    });
  }

  private refresh(req: IncomingMessage, url: URL, id: string, entry: Entry) {
    if (entry.refreshing) return;
    entry.refreshing = true;
    this.options
      .origin(req, url)
      .then((answer) => {
        if (answer.status < 500 && this.entries.get(id) === entry) this.store(id, answer);
      })
      .catch(() => undefined)
      .finally(() => {
        entry.refreshing = false;
      });
  }

  private send(req: IncomingMessage, res: ServerResponse, answer: OriginAnswer, result: string, age = 0) {
    const headers: Record<string, string> = { ...answer.headers, 'x-cache': `${result} from the local CDN` };
    if (age > 0) headers.age = String(Math.floor(age));
    const etag = answer.headers.etag;
    if (answer.status === 200 && ifNoneMatches(req.headers['if-none-match'], etag)) {
      const { 'content-length': _length, 'content-type': _type, ...rest } = headers;
      res.writeHead(304, rest);
      res.end();
      return;
    }
    res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  }
}
