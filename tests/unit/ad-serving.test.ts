/**
 * The arithmetic and checks of ads served, without a table: the cap's shares (functions/advertisement/counters.ts),
 * pacing (functions/ad-serving/service.ts), ad tokens (token.ts), robots and the reader's hash (readers.ts), and
 * where a click may go (content-changes/ads.ts).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isRobot, readerOf } from '../../functions/ad-serving/readers';
import { withinPace } from '../../functions/ad-serving/service';
import { checkAdToken, signAdToken } from '../../functions/ad-serving/token';
import { capShares } from '../../functions/advertisement/counters';
import { clickTarget } from '../../functions/content-changes/ads';
import { AD_SERVING } from '../../shared/constants';

const SECRET = 'an-ad-token-secret-of-at-least-32-characters';
const AD = '01JF0000000000000000000000';
const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('the cap’s shares', () => {
  it('add up to the cap, as evenly as whole numbers go', () => {
    for (const cap of [1, 7, 8, 9, 500, 1001]) {
      const shares = capShares(cap, Array(AD_SERVING.counterShards).fill(0));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(cap);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it('keep each shard’s count and share out what is left; none below its count', () => {
    const seen = [10, 0, 3, 7, 0, 0, 5, 5];
    const shares = capShares(100, seen);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
    shares.forEach((share, s) => {
      expect(share).toBeGreaterThanOrEqual(seen[s] as number);
    });
    // A cap below the count: every shard full at its count.
    expect(capShares(20, seen)).toEqual(seen);
  });
});

describe('pacing', () => {
  const week = { startDate: '2026-11-28T00:00:00.000Z', endDate: '2026-12-05T00:00:00.000Z', cap: 700 };
  const at = (days: number) => Date.parse(week.startDate) + days * 86_400_000;

  it('lets an ad be shown while the impression would keep it within 1% of an even pace', () => {
    // Half way: an even pace is 350; the allowance is 7.
    expect(withinPace(week, 356, at(3.5))).toBe(true);
    expect(withinPace(week, 357, at(3.5))).toBe(false);
    // At its start only the allowance; at its end everything up to the cap.
    expect(withinPace(week, 0, at(0))).toBe(true);
    expect(withinPace(week, 7, at(0))).toBe(false);
    expect(withinPace(week, 699, at(7))).toBe(true);
    expect(withinPace(week, 700, at(7))).toBe(false);
  });

  it('allows at least one impression ahead, whatever the cap', () => {
    const small = { ...week, cap: 10 };
    expect(withinPace(small, 0, at(0))).toBe(true);
    expect(withinPace(small, 1, at(0))).toBe(false);
  });
});

describe('ad tokens', () => {
  const token = signAdToken(AD, NOW, SECRET);

  it('are good for their ad for the time asked, then expired', () => {
    expect(checkAdToken(token, SECRET, NOW + 1000, 300)).toMatchObject({ ok: true, token: { adId: AD, shownAt: NOW } });
    expect(checkAdToken(token, SECRET, NOW + 300_000, 300).ok).toBe(true);
    expect(checkAdToken(token, SECRET, NOW + 300_001, 300)).toEqual({ ok: false, why: 'expired' });
  });

  it('refuse another key’s MAC, a changed payload, a future time, extra fields and garbage alike', () => {
    const [payload = '', mac = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const signed = (value: unknown) => {
      const body = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${body}.${createHmac('sha256', SECRET).update(`ad-token:v1:${body}`).digest('base64url')}`;
    };
    const refused = [
      signAdToken(AD, NOW, 'another-secret-of-at-least-32-characters!'),
      `${Buffer.from(JSON.stringify({ ...claims, a: '01JF0000000000000000000001' })).toString('base64url')}.${mac}`,
      signed({ ...claims, t: NOW + 120_000 }),
      signed({ ...claims, extra: 1 }),
      signed({ ...claims, a: 'not-an-id' }),
      signed({ ...claims, n: 'short' }),
      `${payload}.${mac}x`,
      `${payload}`,
      'x'.repeat(AD_SERVING.tokenMax + 1),
      '',
    ];
    for (const text of refused)
      expect(checkAdToken(text, SECRET, NOW, 300), text).toEqual({ ok: false, why: 'invalid' });
  });
});

describe('readers', () => {
  it('count people’s browsers, not robots, previews, monitors or scripts', () => {
    for (const person of [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    ]) {
      expect(isRobot(person), person).toBe(false);
    }
    for (const robot of [
      '',
      '   ',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.32',
      'node-fetch/1.0',
    ]) {
      expect(isRobot(robot), robot).toBe(true);
    }
  });

  it('are a keyed hash of address and browser, never the address itself', () => {
    const a = readerOf('203.0.113.9', 'Firefox', SECRET);
    expect(a).toHaveLength(22);
    expect(a).not.toContain('203');
    expect(readerOf('203.0.113.9', 'Firefox', SECRET)).toBe(a);
    expect(readerOf('203.0.113.10', 'Firefox', SECRET)).not.toBe(a);
    expect(readerOf('203.0.113.9', 'Chrome', SECRET)).not.toBe(a);
    expect(readerOf('203.0.113.9', 'Firefox', `${SECRET}!`)).not.toBe(a);
  });
});

describe('where a click goes', () => {
  it('is the stored link, a site path on the site’s address, or nowhere', () => {
    expect(clickTarget('https://acme.example/sale?x=1', undefined)).toBe('https://acme.example/sale?x=1');
    expect(clickTarget('/offers/diwali', 'https://news.example')).toBe('https://news.example/offers/diwali');
    expect(clickTarget('/offers/diwali', undefined)).toBeNull();
    expect(clickTarget('', 'https://news.example')).toBeNull();
    // What the save refuses never becomes a target either.
    expect(clickTarget('//evil.example', 'https://news.example')).toBeNull();
    expect(clickTarget('javascript:alert(1)', 'https://news.example')).toBeNull();
  });
});
