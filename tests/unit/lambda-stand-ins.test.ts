/**
 * The stand-ins of the Lambda bundles (infra/aws/stand-ins/, aliases in infra/aws/bundling.ts) against the real
 * modules: the environment-only credential provider, the LRU cache of DynamoDB's endpoint cache, the event-stream
 * module the S3 client configures when it is made, and jsonwebtoken's lodash helpers and ECDSA formatter. The rest
 * are tested beside what they serve: semver in lambda-semver.test.ts, X-Ray in bundle-plugins.test.ts, sanitize-html's
 * in rich-text.test.ts. tests/integration/bundles.test.ts runs built bundles carrying them against the local stack.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { defaultProvider as realDefaultProvider } from '@aws-sdk/credential-provider-node';
import * as realStreams from '@smithy/core/event-streams';
import RealLRUCache from 'mnemonist/lru-cache';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAND_INS } from '../../infra/aws/bundle-plugins';
import { BUNDLE_ALIASES, ROOT } from '../../infra/aws/bundling';
import { defaultProvider } from '../../infra/aws/stand-ins/credentials';
import * as streams from '../../infra/aws/stand-ins/event-streams';
import LRUCache from '../../infra/aws/stand-ins/lru-cache';

describe('the stand-ins folder', () => {
  const files = readdirSync(join(ROOT, STAND_INS)).filter((file) => file !== 'README.md');
  const plugins = readFileSync(join(ROOT, 'infra/aws/bundle-plugins.ts'), 'utf8');
  const web = readFileSync(join(ROOT, 'web/vite.config.ts'), 'utf8');
  const readme = readFileSync(join(ROOT, STAND_INS, 'README.md'), 'utf8');

  it('holds every file the bundles are aliased to, so functions/ keeps only code that runs as written', () => {
    for (const target of Object.values(BUNDLE_ALIASES))
      expect(relative(join(ROOT, STAND_INS), target)).not.toMatch(/^\.\./);
  });

  it('holds only files a build takes in, each listed in its README', () => {
    const aliased = new Set(Object.values(BUNDLE_ALIASES).map((target) => relative(join(ROOT, STAND_INS), target)));
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const file of files) {
      expect(aliased.has(file) || plugins.includes(`'${file}'`) || web.includes(`stand-ins/${file}`), file).toBe(true);
      expect(readme, file).toContain(`\`${file}\``);
    }
  });
});

describe('the credentials stand-in', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('gives the credentials Lambda puts in the environment, as the default chain does, and refuses without them', async () => {
    vi.stubEnv('AWS_PROFILE', undefined);
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token');
    vi.stubEnv('AWS_CREDENTIAL_EXPIRATION', '2030-01-01T00:00:00Z');
    expect(await defaultProvider()()).toEqual(await realDefaultProvider()());
    vi.stubEnv('AWS_ACCESS_KEY_ID', undefined);
    await expect(defaultProvider()()).rejects.toThrow(/environment variable credentials/);
  });
});

describe('the LRU cache stand-in', () => {
  it('answers get, peek, has and set as mnemonist does, evicting the least recently used', () => {
    const ours = new LRUCache<string, number>(3);
    const theirs = new RealLRUCache<string, number>(3);
    const script: [string, string, number?][] = [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['set', 'c', 3],
      ['get', 'a'],
      ['set', 'd', 4],
      ['has', 'b'],
      ['peek', 'c'],
      ['set', 'e', 5],
      ['has', 'c'],
      ['get', 'a'],
      ['set', 'a', 10],
      ['set', 'f', 6],
      ['get', 'd'],
      ['get', 'e'],
      ['get', 'a'],
    ];
    for (const [op, key, value] of script) {
      const run = (cache: LRUCache<string, number> | RealLRUCache<string, number>) => {
        if (op !== 'set') return cache[op as 'get' | 'has' | 'peek'](key);
        cache.set(key, value as number);
        return cache.size;
      };
      expect(run(ours), `${op} ${key}`).toEqual(run(theirs));
    }
    ours.clear();
    theirs.clear();
    expect([ours.size, ours.has('a')]).toEqual([theirs.size, theirs.has('a')]);
  });
});

describe('the event-stream stand-in', () => {
  it('configures a client as the real module does, with a marshaller that refuses to stream', () => {
    const make = (provider: (input: object) => unknown) => ({ region: 'x', eventStreamSerdeProvider: provider });
    const ours = streams.resolveEventStreamSerdeConfig(make(streams.eventStreamSerdeProvider));
    const real = realStreams.resolveEventStreamSerdeConfig(make(() => 'marshaller') as never) as object;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(real).sort());
    expect(() => (ours.eventStreamMarshaller as { serialize: () => void }).serialize()).toThrow(
      /left out of the Lambda bundles/,
    );
    expect(() => new streams.EventStreamSerde()).toThrow(/left out of the Lambda bundles/);
  });
});

describe('the stand-ins of jsonwebtoken’s helpers', () => {
  const require = createRequire(import.meta.url);
  const lib = (file: string) => require(`../../infra/aws/stand-ins/${file}`);

  it('searches an array as lodash.includes does, and refuses anything else', () => {
    const includes = lib('lodash-includes.cjs');
    const real = require('lodash.includes');
    const algorithms = ['HS256', 'RS256', 'none', Number.NaN, 0];
    for (const value of ['HS256', 'hs256', 'none', '', undefined, Number.NaN, -0, '0']) {
      expect(includes(algorithms, value), String(value)).toBe(real(algorithms, value));
    }
    expect(() => includes('HS256', 'HS')).toThrow(/only arrays/);
  });

  it('runs a function once with its this and arguments, and returns its first result, as lodash.once does', () => {
    for (const once of [lib('lodash-once.cjs'), require('lodash.once')]) {
      const calls: unknown[][] = [];
      const wrapped = once(function (this: unknown, ...args: unknown[]) {
        calls.push([this, ...args]);
        return calls.length;
      });
      const holder = { wrapped };
      expect([holder.wrapped(1, 2), holder.wrapped(3), wrapped()]).toEqual([1, 1, 1]);
      expect(calls).toEqual([[holder, 1, 2]]);
    }
  });

  it('never formats an ECDSA signature: tokens are signed and verified as HS256 only', async () => {
    const formatter = lib('ecdsa-sig-formatter.cjs');
    expect(() => formatter.derToJose(Buffer.alloc(64), 'ES256')).toThrow(/HS256/);
    expect(() => formatter.joseToDer('x', 'ES256')).toThrow(/HS256/);
    const tokens = readFileSync(new URL('../../functions/session/tokens.ts', import.meta.url), 'utf8');
    expect(tokens).toContain("algorithm: 'HS256'");
    expect(tokens).toContain("algorithms: ['HS256']");
  });
});
