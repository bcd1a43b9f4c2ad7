/**
 * The local CDN of the delivery API (infra/local/content-cache.ts): copies kept for their s-maxage and served to
 * every key alike, purged as a CloudFront invalidation purges (an exact path, or a `*` prefix), 304 from the copy,
 * refusals of the edge and past the per-key rate never reaching the origin or the cache.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentCache, KeyRateLimit, type OriginAnswer } from '../../infra/local/content-cache';

const CACHED = 'public, max-age=60, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400';

let server: Server | undefined;
afterEach(() => server?.close());

/** A gateway holding only the cache, over an origin that counts its calls and answers `body(n)`. */
async function serve(options: { now?: () => number; rate?: number; refuse?: (req: IncomingMessage) => boolean } = {}) {
  const calls: string[] = [];
  let version = 1;
  const cache = new ContentCache({
    now: options.now,
    ratePerFiveMinutes: options.rate,
    edge: async (req) =>
      options.refuse?.(req)
        ? {
            statusCode: 401,
            headers: { 'cache-control': { value: 'no-store' } },
            body: { encoding: 'text', data: '{}' },
          }
        : undefined,
    origin: async (_req, url): Promise<OriginAnswer> => {
      calls.push(`${url.pathname}${url.search}`);
      return {
        status: 200,
        headers: { 'cache-control': CACHED, etag: `"v${version}"`, 'content-type': 'application/json' },
        body: Buffer.from(`{"data":"${url.pathname} v${version}"}`),
      };
    },
  });
  server = createServer((req, res) => void cache.handle(req, res, new URL(req.url ?? '/', 'http://local')));
  await new Promise<void>((resolve) => server?.listen(0, resolve));
  const port = (server.address() as AddressInfo).port;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-content-key': 'k', ...headers } });
    return { status: res.status, text: await res.text(), cache: res.headers.get('x-cache') ?? '' };
  };
  return { cache, calls, get, bump: () => version++ };
}

describe('the local CDN', () => {
  it('keeps one copy per path and query for every key, until purged', async () => {
    const { calls, get, cache, bump } = await serve();
    expect((await get('/content/v1/home')).text).toContain('v1');
    expect((await get('/content/v1/home', { 'x-content-key': 'another' })).cache).toMatch(/^Hit/);
    bump();
    expect((await get('/content/v1/home')).text).toContain('v1');
    cache.purge(['/content/v1/home']);
    expect((await get('/content/v1/home')).text).toContain('v2');
    expect(calls).toEqual(['/content/v1/home', '/content/v1/home']);
  });

  it('purges an exact path without its query strings, and a `*` path every copy starting so', async () => {
    const { calls, get, cache } = await serve();
    for (const path of [
      '/content/v1/latest',
      '/content/v1/latest?limit=5',
      '/content/v1/categories/sport',
      '/content/v1/categories/sports',
    ])
      await get(path);
    cache.purge(['/content/v1/latest']);
    expect((await get('/content/v1/latest?limit=5')).cache).toMatch(/^Hit/);
    expect((await get('/content/v1/latest')).cache).toMatch(/^Miss/);
    cache.purge(['/content/v1/categories/sport*']);
    expect((await get('/content/v1/categories/sport')).cache).toMatch(/^Miss/);
    expect((await get('/content/v1/categories/sports')).cache).toMatch(/^Miss/);
    expect(calls.length).toBe(7);
  });

  it('answers a matching If-None-Match with 304 from the copy', async () => {
    const { get, calls } = await serve();
    await get('/content/v1/site');
    const again = await get('/content/v1/site', { 'if-none-match': 'W/"v1"' });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(calls.length).toBe(1);
  });

  it('serves a copy past its s-maxage while a fresh one is fetched, within stale-while-revalidate', async () => {
    let now = 1_000_000;
    const { get, calls, bump } = await serve({ now: () => now });
    await get('/content/v1/home');
    bump();
    now += 3_630_000;
    const stale = await get('/content/v1/home');
    expect(stale.cache).toMatch(/^StaleHit/);
    expect(stale.text).toContain('v1');
    await expect.poll(() => calls.length).toBe(2);
    expect((await get('/content/v1/home')).text).toContain('v2');
  });

  it('lets the edge refuse before the cache or the origin, and refuses past the per-key rate', async () => {
    const refused = await serve({ refuse: (req) => req.headers['x-content-key'] !== 'k' });
    expect((await refused.get('/content/v1/home', { 'x-content-key': 'nope' })).status).toBe(401);
    expect(refused.calls).toEqual([]);
    server?.close();
    const limited = await serve({ rate: 3 });
    for (let i = 0; i < 3; i++) expect((await limited.get('/content/v1/home')).status).toBe(200);
    expect((await limited.get('/content/v1/home')).status).toBe(429);
    expect((await limited.get('/content/v1/home', { 'x-content-key': 'other' })).status).toBe(200);
  });

  it('counts a key’s requests over a sliding five minutes', () => {
    let now = 0;
    const limit = new KeyRateLimit(2, () => now);
    expect([limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([true, true, false]);
    now += 299_000;
    expect(limit.take('a')).toBe(false);
    now += 2_000;
    expect(limit.take('a')).toBe(true);
  });
});
