/**
 * Tokens we sign for one purpose (a preview link, an ad's impression): `<payload>.<mac>`, the payload base64url of
 * a JSON object of exactly the claims its module names, the MAC base64url(HMAC-SHA256(secret, purpose + payload)).
 * The purpose (`preview-token:v1:` …) names what the MAC is for, so a MAC made under one secret for anything else
 * never passes as this token, and a v2 can change the format. Each purpose has a secret of its own (readSecret), so
 * the Lambda that checks a token reachable from the public holds no key that signs staff sessions.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readSecret } from './secrets';

/** A SHA-256 MAC in base64url, unpadded. */
const MAC_CHARS = 43;
/** A nonce's random bytes: 16 base64url characters. */
const NONCE_BYTES = 12;
export const NONCE = /^[A-Za-z0-9_-]{16}$/;

/** A purpose's secret (`variable` locally, `arnVariable` in AWS); at least 32 characters, as the JWT secret. */
export async function purposeSecret(variable: string, arnVariable: string, what: string): Promise<string> {
  const secret = await readSecret(variable, arnVariable);
  if (!secret || secret.length < 32) throw new Error(`${what} secret missing or shorter than 32 characters`);
  return secret;
}

const macOf = (purpose: string, secret: string, payload: string) =>
  createHmac('sha256', secret)
    .update(purpose + payload)
    .digest();

/** A fresh random nonce, the claim that makes each token one of its own. */
export const newNonce = () => randomBytes(NONCE_BYTES).toString('base64url');

/** `claims` signed for `purpose`. */
export function signToken(purpose: string, secret: string, claims: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${macOf(purpose, secret, payload).toString('base64url')}`;
}

/**
 * The claims of a token signed for `purpose` under `secret`, or undefined for anything else: longer than `maxLength`,
 * any character outside base64url and its one dot, a MAC that does not match (or is not the canonical spelling of
 * its bytes: one token, one spelling), a payload that is not a JSON object. Checking the claims is the caller's.
 */
export function openToken(
  purpose: string,
  secret: string,
  text: unknown,
  maxLength: number,
): Record<string, unknown> | undefined {
  if (typeof text !== 'string' || text.length > maxLength) return undefined;
  const parts = new RegExp(`^([A-Za-z0-9_-]{1,${maxLength - MAC_CHARS - 1}})\\.([A-Za-z0-9_-]{${MAC_CHARS}})$`).exec(
    text,
  );
  if (!parts) return undefined;
  const [, payload = '', mac = ''] = parts;
  const expected = macOf(purpose, secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || given.toString('base64url') !== mac) return undefined;
  if (!timingSafeEqual(given, expected)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return undefined;
  return claims as Record<string, unknown>;
}
