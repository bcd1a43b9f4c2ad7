/**
 * Ad tokens (CONTRACT.md §7 Ads): what the decision gives with an ad, and what its impression beacon and its click
 * show. `<payload>.<mac>`: the payload is base64url(JSON {a: ad id, t: the decision's time in epoch ms, n: a random
 * nonce}), the MAC base64url(HMAC-SHA256(secret, "ad-token:v1:" + payload)). The nonce is what "used once" is kept
 * by (advertisement/counters.ts); the time is when the ad was shown, which its impression is counted at.
 *
 * The secret is a dedicated one (AD_TOKEN_SECRET locally, the stack's AdTokenSecret in AWS through
 * AD_TOKEN_SECRET_ARN): the ad-serving Lambda answers any reader's browser, and holds no key that signs staff
 * sessions or preview links. Replacing it only ends the tokens of the last day (no count is lost: their ads can be
 * shown again).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AD_SERVING } from '../../shared/constants';
import { isId } from '../lib/ids';
import { readSecret } from '../lib/secrets';

const PURPOSE = 'ad-token:v1:';
const MAC_CHARS = 43;
const NONCE_CHARS = 16;
const SHAPE = new RegExp(`^([A-Za-z0-9_-]{1,${AD_SERVING.tokenMax - MAC_CHARS - 1}})\\.([A-Za-z0-9_-]{${MAC_CHARS}})$`);
/** Clocks of two Lambda instances may differ a little: a token from further in the future was never ours. */
const SKEW_MS = 60_000;

export interface AdToken {
  adId: string;
  nonce: string;
  /** The decision's time, epoch ms. */
  shownAt: number;
}

/** The ad token secret (see above); at least 32 characters. */
export async function adTokenSecret(): Promise<string> {
  const secret = await readSecret('AD_TOKEN_SECRET', 'AD_TOKEN_SECRET_ARN');
  if (!secret || secret.length < 32) throw new Error('Ad token secret missing or shorter than 32 characters');
  return secret;
}

const macOf = (secret: string, payload: string) =>
  createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest();

/** A token for ad `adId` shown at `shownAt`. */
export function signAdToken(adId: string, shownAt: number, secret: string): string {
  const nonce = randomBytes(12).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ a: adId, t: shownAt, n: nonce })).toString('base64url');
  return `${payload}.${macOf(secret, payload).toString('base64url')}`;
}

function claimsOf(payload: string): AdToken | undefined {
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return undefined;
  const { a, t, n, ...rest } = claims as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return undefined;
  if (typeof a !== 'string' || !isId(a)) return undefined;
  if (typeof t !== 'number' || !Number.isSafeInteger(t)) return undefined;
  if (typeof n !== 'string' || !new RegExp(`^[A-Za-z0-9_-]{${NONCE_CHARS}}$`).test(n)) return undefined;
  return { adId: a, shownAt: t, nonce: n };
}

/** What checking a token found: its claims, or why it is refused. */
export type TokenCheck = { ok: true; token: AdToken } | { ok: false; why: 'invalid' | 'expired' };

/**
 * A token we signed, not older than `maxAgeSeconds` at `now`. Anything malformed, too long, with a MAC that does
 * not match or a time in the future is `invalid`, alike.
 */
export function checkAdToken(text: string, secret: string, now: number, maxAgeSeconds: number): TokenCheck {
  const parts = typeof text === 'string' && text.length <= AD_SERVING.tokenMax ? SHAPE.exec(text) : null;
  if (!parts) return { ok: false, why: 'invalid' };
  const [, payload = '', mac = ''] = parts;
  const expected = macOf(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || given.toString('base64url') !== mac) return { ok: false, why: 'invalid' };
  if (!timingSafeEqual(given, expected)) return { ok: false, why: 'invalid' };
  const token = claimsOf(payload);
  if (!token || token.shownAt > now + SKEW_MS) return { ok: false, why: 'invalid' };
  if (now - token.shownAt > maxAgeSeconds * 1000) return { ok: false, why: 'expired' };
  return { ok: true, token };
}
