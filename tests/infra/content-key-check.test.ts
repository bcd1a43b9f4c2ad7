/**
 * The delivery API's key check (infra/aws/content-key-check.ts), the exact source CloudFront runs, run in Node:
 * its two imports (CloudFront's `cloudfront` and `crypto` modules) are handed in as a stand-in key value store and
 * Node's own crypto, which has the same createHash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { CONTENT_CORS, contentKeyCheckCode, KEY_REFUSALS } from '../../infra/aws/content-key-check';
import { CONTENT_KEY_HEADER } from '../../shared/addresses';
import { CONTENT_KEY } from '../../shared/constants';

type Headers = Record<string, { value: string }>;
type Request = { method: string; uri: string; querystring: Record<string, unknown>; headers: Headers };
type Answer = { statusCode: number; headers: Headers; body?: { encoding: string; data: string } };
type Handler = (event: { request: Request }) => Promise<Request | Answer>;

/** A key as functions/site-management/content-keys.ts makes one. */
const newKey = (id = ulid()) =>
  `${CONTENT_KEY.prefix}_${id}_${randomBytes(CONTENT_KEY.secretBytes).toString('base64url')}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const idOf = (key: string) => key.split('_')[1] ?? '';

/** The deployed source, its imports taken from `cf` and `crypto`: the store throws on an unknown key, as CloudFront's does. */
function load(entries: Record<string, string>): { handler: Handler; lookups: string[] } {
  const code = contentKeyCheckCode();
  const imports = /^import (\w+) from '(\w+)';\n/gm;
  expect([...code.matchAll(imports)].map((m) => m[2])).toEqual(['cloudfront', 'crypto']);
  const lookups: string[] = [];
  const cf = {
    kvs: () => ({
      get: async (key: string) => {
        lookups.push(key);
        if (!(key in entries)) throw new Error(`The key ${key} does not exist`);
        return entries[key];
      },
    }),
  };
  const handler = new Function('cf', 'crypto', `${code.replace(imports, '')}\nreturn handler;`)(cf, {
    createHash,
  }) as Handler;
  return { handler, lookups };
}

const request = (headers: Headers = {}, method = 'GET'): Request => ({
  method,
  uri: '/content/v1/home',
  querystring: {},
  headers,
});
const withKey = (key: string) => request({ [CONTENT_KEY_HEADER]: { value: key } });

function expectRefused(answer: Request | Answer, why: keyof typeof KEY_REFUSALS) {
  const refused = answer as Answer;
  expect(refused.statusCode).toBe(401);
  expect(refused.headers['content-type']?.value).toMatch(/^application\/json/);
  expect(refused.headers['cache-control']?.value).toBe('no-store');
  expect(refused.headers['access-control-allow-origin']?.value).toBe('*');
  expect(refused.body?.encoding).toBe('text');
  expect(JSON.parse(refused.body?.data ?? '')).toEqual({ message: { msg: `Unauthorized: ${KEY_REFUSALS[why]}` } });
}

describe('the content key check at the edge', () => {
  const live = newKey();
  const other = newKey();
  const entries = { [idOf(live)]: sha256(live), [idOf(other)]: sha256(other) };

  it('lets a live key through, unchanged, after one lookup by its id', async () => {
    const { handler, lookups } = load(entries);
    const sent = withKey(live);
    expect(await handler({ request: sent })).toBe(sent);
    expect(sent.headers[CONTENT_KEY_HEADER]?.value).toBe(live);
    expect(lookups).toEqual([idOf(live)]);
  });

  it('takes every key functions/site-management/content-keys.ts can make (base64url has - and _)', async () => {
    const keys = Array.from({ length: 200 }, () => newKey());
    const { handler } = load(Object.fromEntries(keys.map((key) => [idOf(key), sha256(key)])));
    for (const key of keys) expect((await handler({ request: withKey(key) })) as Request, key).toHaveProperty('uri');
  });

  it('refuses a request without a key, or with an empty one, without a lookup', async () => {
    const { handler, lookups } = load(entries);
    expectRefused(await handler({ request: request() }), 'missing');
    expectRefused(await handler({ request: withKey('') }), 'missing');
    expect(lookups).toEqual([]);
  });

  it('refuses what is not shaped like a key, without a lookup', async () => {
    const { handler, lookups } = load(entries);
    for (const malformed of [
      'Bearer abc',
      live.replace(/^apk_/, 'key_'),
      `${live}x`,
      live.slice(0, -1),
      live.replace(idOf(live), idOf(live).toLowerCase()),
      ` ${live}`,
      `${CONTENT_KEY.prefix}_${idOf(live)}_${'!'.repeat(43)}`,
    ]) {
      expectRefused(await handler({ request: withKey(malformed) }), 'malformed');
    }
    expect(lookups).toEqual([]);
  });

  it('refuses a well-formed key whose id the store does not hold (never made, or revoked)', async () => {
    const { handler, lookups } = load(entries);
    const unknown = newKey();
    expectRefused(await handler({ request: withKey(unknown) }), 'invalid');
    expect(lookups).toEqual([idOf(unknown)]);
  });

  it('refuses a known id with the wrong secret, and another key’s secret under this id', async () => {
    const { handler } = load(entries);
    const forged = newKey(idOf(live));
    expectRefused(await handler({ request: withKey(forged) }), 'invalid');
    // The secret is the last 43 characters (base64url has `_` too).
    const swapped = `${CONTENT_KEY.prefix}_${idOf(live)}_${other.slice(-43)}`;
    expectRefused(await handler({ request: withKey(swapped) }), 'invalid');
  });

  it('refuses when the store holds something that is not the key’s hash', async () => {
    const { handler } = load({ [idOf(live)]: sha256(live).toUpperCase() });
    expectRefused(await handler({ request: withKey(live) }), 'invalid');
  });

  it('answers a browser’s preflight itself, with the CORS headers, no key needed', async () => {
    const { handler, lookups } = load(entries);
    const answer = (await handler({ request: request({}, 'OPTIONS') })) as Answer;
    expect(answer.statusCode).toBe(204);
    expect(answer.headers).toEqual({
      'access-control-allow-origin': { value: '*' },
      'access-control-allow-methods': { value: 'GET, HEAD, POST, OPTIONS' },
      'access-control-allow-headers': { value: `${CONTENT_KEY_HEADER}, if-none-match, content-type` },
      'access-control-max-age': { value: String(CONTENT_CORS.maxAgeSeconds) },
    });
    expect(lookups).toEqual([]);
  });

  it('stays within CloudFront Functions’ 10 KB of code', () => {
    expect(Buffer.byteLength(contentKeyCheckCode())).toBeLessThan(10 * 1024);
  });
});
