/**
 * Preview tokens (CONTRACT.md §7 Preview links): what lets the newsroom's site read one article as its editor last
 * saved it, for PREVIEW_LINK.ttlSeconds, through the delivery API's preview route. The article Lambda signs them
 * (POST /cms/{id}/preview-link), the content-preview Lambda checks them; both import this module, which sits below
 * both.
 *
 * `<payload>.<mac>`: the payload is base64url(JSON {a: article id, e: expiry in epoch seconds, n: random nonce}),
 * the MAC base64url(HMAC-SHA256(secret, "preview-token:v1:" + payload)). The prefix names what the MAC is for, so a
 * MAC made under this secret for anything else can never pass as a preview token, and a v2 can change the format.
 *
 * The secret is a dedicated one (PREVIEW_SECRET locally, the stack's PreviewSecret in AWS through
 * PREVIEW_SECRET_ARN), not the JWT secret: the Lambda that checks these tokens answers the public site's servers
 * (any content key holder reaches it), and with the JWT secret a flaw there would let its holder sign staff
 * access tokens. With its own secret the worst it can leak is a way to read unpublished articles. Replacing the
 * secret only ends the links given out in the last 15 minutes.
 */
import { PREVIEW_LINK } from '../../shared/constants';
import { clock } from '../lib/clock';
import { isId } from '../lib/ids';
import { NONCE, newNonce, openToken, purposeSecret, signToken } from '../lib/signed-token';

const PURPOSE = 'preview-token:v1:';
/** Clocks of the two Lambdas may differ a little; an expiry further out than this was never ours to give. */
const SKEW_SECONDS = 60;

export interface PreviewToken {
  token: string;
  articleId: string;
  /** Epoch seconds. */
  expires: number;
}

/** The preview signing secret (see above); at least 32 characters, as the JWT secret. */
export const previewSecret = () => purposeSecret('PREVIEW_SECRET', 'PREVIEW_SECRET_ARN', 'Preview');

/**
 * A token for article `articleId` ending `ttlSeconds` from now (the clock of lib/clock.ts). `secret` defaults to
 * the preview secret; tests pass the stack's, and a past expiry (a negative ttl) to sign one already expired.
 */
export async function signPreviewToken(
  articleId: string,
  ttlSeconds: number = PREVIEW_LINK.ttlSeconds,
  secret?: string,
): Promise<PreviewToken> {
  const expires = clock.nowSeconds() + ttlSeconds;
  const token = signToken(PURPOSE, secret ?? (await previewSecret()), { a: articleId, e: expires, n: newNonce() });
  return { token, articleId, expires };
}

/** The claims of a signed payload, checked strictly: exactly a, e and n, each of its type. */
function claimsOf(claims: Record<string, unknown>): { a: string; e: number } | undefined {
  const { a, e, n, ...rest } = claims;
  if (Object.keys(rest).length > 0) return undefined;
  if (typeof a !== 'string' || !isId(a)) return undefined;
  if (typeof e !== 'number' || !Number.isSafeInteger(e)) return undefined;
  if (typeof n !== 'string' || !NONCE.test(n)) return undefined;
  return { a, e };
}

/**
 * The article and expiry of a token we signed that has not expired, or undefined for anything else (malformed,
 * too long, a MAC that does not match, expired): the caller answers all of them alike, so a guess learns nothing.
 */
export async function verifyPreviewToken(token: string, secret?: string): Promise<PreviewToken | undefined> {
  if (typeof token !== 'string' || token.length > PREVIEW_LINK.tokenMax) return undefined;
  const opened = openToken(PURPOSE, secret ?? (await previewSecret()), token, PREVIEW_LINK.tokenMax);
  const claims = opened && claimsOf(opened);
  if (!claims) return undefined;
  const now = clock.nowSeconds();
  if (claims.e <= now || claims.e > now + PREVIEW_LINK.ttlSeconds + SKEW_SECONDS) return undefined;
  return { token, articleId: claims.a, expires: claims.e };
}
