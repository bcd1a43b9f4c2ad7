/**
 * The stand-ins of the Lambda bundles (aliases in infra/aws/bundling.ts) against the real modules: the LRU cache of
 * DynamoDB's endpoint cache, the event-stream module the S3 client configures when it is made, and jsonwebtoken's
 * lodash helpers and ECDSA formatter.
 * tests/integration/bundles.test.ts runs built bundles carrying them against the local stack.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as realStreams from '@smithy/core/event-streams';
import RealLRUCache from 'mnemonist/lru-cache';
import { describe, expect, it } from 'vitest';
import * as streams from '../../functions/lib/lambda-event-streams';
import LRUCache from '../../functions/lib/lambda-lru-cache';

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
  const lib = (file: string) => require(`../../functions/lib/${file}`);

  it('searches an array as lodash.includes does, and refuses anything else', () => {
    const includes = lib('lambda-lodash-includes.cjs');
    const real = require('lodash.includes');
    const algorithms = ['HS256', 'RS256', 'none', Number.NaN, 0];
    for (const value of ['HS256', 'hs256', 'none', '', undefined, Number.NaN, -0, '0']) {
      expect(includes(algorithms, value), String(value)).toBe(real(algorithms, value));
    }
    expect(() => includes('HS256', 'HS')).toThrow(/only arrays/);
  });

  it('runs a function once with its this and arguments, and returns its first result, as lodash.once does', () => {
    for (const once of [lib('lambda-lodash-once.cjs'), require('lodash.once')]) {
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
    const formatter = lib('lambda-ecdsa-sig-formatter.cjs');
    expect(() => formatter.derToJose(Buffer.alloc(64), 'ES256')).toThrow(/HS256/);
    expect(() => formatter.joseToDer('x', 'ES256')).toThrow(/HS256/);
    const tokens = readFileSync(new URL('../../functions/session/tokens.ts', import.meta.url), 'utf8');
    expect(tokens).toContain("algorithm: 'HS256'");
    expect(tokens).toContain("algorithms: ['HS256']");
  });
});
