/**
 * Webhooks' pure parts: the signature a receiver checks, the address rules (what the form refuses and what a
 * delivery refuses to connect to, IPv6 and numeric IPv4 forms included), and the back-off schedule.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signatureOf, verifySignature } from '../../functions/webhook/signature';
import {
  nextHop,
  retryDelaySeconds,
  SQS_MAX_DELAY_SECONDS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_RETRY_SPAN_SECONDS,
} from '../../functions/webhook-delivery/schedule';
import { publicOnly } from '../../functions/webhook-delivery/send';
import { addressKind, WEBHOOK_URL_MESSAGES, webhookUrlProblem } from '../../shared/webhook-address';

describe('the signature', () => {
  const secret = 'whsec_test-secret';
  const body = '{"id":"01J","event":"article.published"}';

  it('is v1= and the hex HMAC-SHA256 of "<timestamp>.<body>"', () => {
    // Worked out once with: printf '%s' '1700000000.{"id":"01J","event":"article.published"}' |
    //   openssl dgst -sha256 -hmac whsec_test-secret
    expect(signatureOf(secret, 1_700_000_000, body)).toBe(
      'v1=41682c0371514b69105e590590ef0cabe0598906fefe8acb4521668917b2acd0',
    );
    expect(signatureOf(secret, 1_700_000_000, body)).not.toBe(signatureOf(secret, 1_700_000_001, body));
    expect(signatureOf(secret, 1_700_000_000, body)).not.toBe(signatureOf('whsec_other', 1_700_000_000, body));
  });

  it("passes the receiver's check, within five minutes only, and not once anything is changed", () => {
    const t = 1_700_000_000;
    const signature = signatureOf(secret, t, body);
    const check = (over: Partial<{ ts: string; sig: string; body: string; now: number; secret: string }>) =>
      verifySignature(
        over.secret ?? secret,
        { timestamp: over.ts ?? String(t), signature: over.sig ?? signature },
        over.body ?? body,
        over.now ?? t + 10,
      );
    expect(check({})).toBe(true);
    expect(check({ now: t + 300 })).toBe(true);
    expect(check({ now: t - 300 })).toBe(true);
    expect(check({ now: t + 301 })).toBe(false);
    expect(check({ body: `${body} ` })).toBe(false);
    expect(check({ ts: String(t + 1) })).toBe(false);
    expect(check({ secret: 'whsec_other' })).toBe(false);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(check({ sig: flipped })).toBe(false);
    expect(check({ sig: '' })).toBe(false);
    expect(check({ ts: 'soon' })).toBe(false);
    // Several schemes side by side: any matching v1 passes.
    expect(check({ sig: `v0=abc, ${signature}` })).toBe(true);
  });
});

describe('addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.254', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv6 forms that carry an IPv4 address are judged by it.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'metadata'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('a name is no address, and malformed literals are not taken for one', () => {
    for (const text of ['example.com', '1.2.3', '1.2.3.4.5', '01.2.3.4', '256.1.1.1', '1::2::3', ':::', 'g::1', '']) {
      expect(addressKind(text), text).toBeUndefined();
    }
  });

  it('a delivery refuses every non-public address, saying which kind it is', () => {
    expect(publicOnly('127.0.0.1')).toBe('127.0.0.1 is a loopback address');
    expect(publicOnly('169.254.169.254')).toBe('169.254.169.254 is a cloud metadata address');
    expect(publicOnly('::ffff:10.0.0.1')).toBe('::ffff:10.0.0.1 is a private network address');
    expect(publicOnly('93.184.215.14')).toBeUndefined();
  });

  it('the form takes public https addresses only', () => {
    expect(webhookUrlProblem('https://hooks.example.com/news?x=1')).toBeUndefined();
    expect(webhookUrlProblem('https://93.184.215.14:8443/hook')).toBeUndefined();
    expect(webhookUrlProblem('http://hooks.example.com/')).toBe(WEBHOOK_URL_MESSAGES.https);
    expect(webhookUrlProblem('ftp://hooks.example.com/')).toBe(WEBHOOK_URL_MESSAGES.https);
    expect(webhookUrlProblem('hooks.example.com')).toBe(WEBHOOK_URL_MESSAGES.invalid);
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/')).toBe(WEBHOOK_URL_MESSAGES.credentials);
    for (const local of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00:ec2::254]/',
      'https://10.0.0.1/',
      'https://localhost:8080/',
      'https://api.localhost/',
      // Numeric IPv4 forms the URL parser reads as 127.0.0.1 (decimal, hex, octal, short).
      'https://2130706433/',
      'https://0x7f000001/',
      'https://0x7f.1/',
      'https://017700000001/',
      'https://0177.0.0.1/',
      'https://127.1/',
      'https://0/',
    ]) {
      expect(webhookUrlProblem(local), local).toBe(WEBHOOK_URL_MESSAGES.local);
    }
    expect(webhookUrlProblem('http://2130706433')).toBe(WEBHOOK_URL_MESSAGES.https);
  });
});

describe('the back-off schedule', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, 6 h, 12 h: seven attempts within a day', () => {
    expect(WEBHOOK_RETRY_DELAYS_SECONDS).toEqual([60, 300, 1800, 7200, 21600, 43200]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(7);
    expect(WEBHOOK_RETRY_SPAN_SECONDS).toBeLessThanOrEqual(24 * 3600);
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelaySeconds)).toEqual([60, 300, 1800, 7200, 21600, 43200, undefined]);
    for (let i = 1; i < WEBHOOK_RETRY_DELAYS_SECONDS.length; i++) {
      expect(WEBHOOK_RETRY_DELAYS_SECONDS[i]).toBeGreaterThan(WEBHOOK_RETRY_DELAYS_SECONDS[i - 1] ?? 0);
    }
  });

  it('a wait longer than SQS allows is hops of at most 900 s; a message due (or a second early) is run', () => {
    const now = Date.parse('2026-11-28T12:00:00.000Z');
    const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
    expect(nextHop(undefined, now)).toBeUndefined();
    expect(nextHop(at(-5), now)).toBeUndefined();
    expect(nextHop(at(1), now)).toBeUndefined();
    expect(nextHop(at(60), now)).toBe(60);
    expect(nextHop(at(43200), now)).toBe(SQS_MAX_DELAY_SECONDS);
    // Twelve hours are 48 hops of 900 s.
    let hops = 0;
    let clock = now;
    for (let wait = nextHop(at(43200), clock); wait !== undefined; wait = nextHop(at(43200), clock)) {
      clock += wait * 1000;
      hops++;
    }
    expect(hops).toBe(48);
  });
});

describe("functions/README.md's receiver check", () => {
  it('accepts our signatures and refuses a stale or forged one', async () => {
    const readme = readFileSync(join(import.meta.dirname, '../../functions/README.md'), 'utf8');
    const code = /## Webhooks[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
    if (!code) throw new Error('functions/README.md has no Webhooks check');
    const dir = mkdtempSync(join(tmpdir(), 'readme-check-'));
    try {
      const file = join(dir, 'check.mjs');
      writeFileSync(file, code);
      const { isGenuineDelivery } = (await import(pathToFileURL(file).href)) as {
        isGenuineDelivery: (secret: string, headers: Record<string, string>, body: string) => boolean;
      };
      const body = '{"id":"01J","event":"menu.changed","at":"2026-11-28T12:00:00.000Z","data":{}}';
      const now = Math.floor(Date.now() / 1000);
      const headers = (at: number, secret = 'whsec_readme') => ({
        'x-webhook-timestamp': String(at),
        'x-webhook-signature': signatureOf(secret, at, body),
      });
      expect(isGenuineDelivery('whsec_readme', headers(now), body)).toBe(true);
      expect(isGenuineDelivery('whsec_readme', headers(now - 301), body)).toBe(false);
      expect(isGenuineDelivery('whsec_readme', headers(now, 'whsec_other'), body)).toBe(false);
      expect(isGenuineDelivery('whsec_readme', headers(now), `${body}\n`)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
