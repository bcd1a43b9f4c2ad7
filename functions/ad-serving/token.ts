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
import { AD_SERVING } from '../../shared/constants';
import { isId } from '../lib/ids';
import { NONCE, newNonce, openToken, purposeSecret, signToken } from '../lib/signed-token';

const PURPOSE = 'ad-token:v1:';
/** Clocks of two Lambda instances may differ a little: a token from further in the future was never ours. */
const SKEW_MS = 60_000;

export interface AdToken {
  adId: string;
  nonce: string;
  /** The decision's time, epoch ms. */
  shownAt: number;
}

/** The ad token secret (see above); at least 32 characters. */
export const adTokenSecret = () => purposeSecret('AD_TOKEN_SECRET', 'AD_TOKEN_SECRET_ARN', 'Ad token');

/** A token for ad `adId` shown at `shownAt`. */
export const signAdToken = (adId: string, shownAt: number, secret: string): string =>
  signToken(PURPOSE, secret, { a: adId, t: shownAt, n: newNonce() });

/** The claims, checked strictly: exactly a, t and n, each of its type. */
function claimsOf(claims: Record<string, unknown>): AdToken | undefined {
  const { a, t, n, ...rest } = claims;
  if (Object.keys(rest).length > 0) return undefined;
  if (typeof a !== 'string' || !isId(a)) return undefined;
  if (typeof t !== 'number' || !Number.isSafeInteger(t)) return undefined;
  if (typeof n !== 'string' || !NONCE.test(n)) return undefined;
  return { adId: a, shownAt: t, nonce: n };
}

/** What checking a token found: its claims, or why it is refused. */
export type TokenCheck = { ok: true; token: AdToken } | { ok: false; why: 'invalid' | 'expired' };

/**
 * A token we signed, not older than `maxAgeSeconds` at `now`. Anything malformed, too long, with a MAC that does
 * not match or a time in the future is `invalid`, alike.
 */
export function checkAdToken(text: string, secret: string, now: number, maxAgeSeconds: number): TokenCheck {
  const opened = openToken(PURPOSE, secret, text, AD_SERVING.tokenMax);
  const token = opened && claimsOf(opened);
  if (!token || token.shownAt > now + SKEW_MS) return { ok: false, why: 'invalid' };
  if (now - token.shownAt > maxAgeSeconds * 1000) return { ok: false, why: 'expired' };
  return { ok: true, token };
}
