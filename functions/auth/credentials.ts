/**
 * The secrets of sign-in that are not passwords: TOTP (RFC 6238, the `otpauth` library) with its secret sealed
 * at rest, recovery codes (stored as sha256: they are random, so a slow hash adds nothing), the refresh secret
 * of a session and the signed device cookie. Keys are derived from the JWT secret with HKDF, one per purpose.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AUTH, TOTP as TOTP_RULES } from '../../shared/constants';
import { clock } from '../lib/clock';
import { sameSecret } from '../lib/secrets';
import { jwtSecret } from '../session/tokens';

async function derivedKey(purpose: string): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await jwtSecret(), 'admin-portal', purpose, 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export async function sealSecret(plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await derivedKey('totp-secret'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export async function openSecret(sealed: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', await derivedKey('totp-secret'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const totpFor = (secretBase32: string, label = 'user') =>
  new TOTP({
    issuer: TOTP_RULES.issuer,
    label,
    algorithm: TOTP_RULES.algorithm,
    digits: TOTP_RULES.digits,
    period: TOTP_RULES.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit TOTP secret (base32) and the otpauth:// URI an authenticator app reads from the QR code. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpFor(secret, email).toString() };
}

/** The time step a six-digit code belongs to (within ±1 step of now), or undefined when it matches none. */
export function totpStep(secretBase32: string, code: string): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const now = clock.now();
  const delta = totpFor(secretBase32).validate({ token, timestamp: now, window: TOTP_RULES.window });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / TOTP_RULES.periodSeconds) + delta;
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-x9qrt` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: AUTH.recoveryCodeCount }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[\s-]+/g, ''))
    .digest('hex');

/** A session's refresh secret: the cookie carries `<userId>.<sessionId>.<secret>`, the session its sha256. */
export function newRefreshSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashRefreshSecret(secret) };
}

export const hashRefreshSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export function parseRefreshCookie(value: string | undefined) {
  const [userId, sessionId, secret, extra] = (value ?? '').split('.');
  if (!userId || !sessionId || !secret || extra !== undefined) return undefined;
  return { userId, sessionId, secret };
}

/** A device cookie for an email: `<deviceId>.<hmac(deviceId|email)>`. */
export async function newDeviceCookie(email: string): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${await deviceMac(id, email)}`;
}

/** The device id when the cookie was issued by us for this email, else undefined. */
export async function verifiedDevice(cookie: string | undefined, email: string): Promise<string | undefined> {
  const [id, mac, extra] = (cookie ?? '').split('.');
  if (!id || !mac || extra !== undefined) return undefined;
  return sameSecret(mac, await deviceMac(id, email)) ? id : undefined;
}

async function deviceMac(id: string, email: string): Promise<string> {
  return createHmac('sha256', await derivedKey('device-cookie'))
    .update(`${id}|${email.toLowerCase()}`)
    .digest('base64url');
}
