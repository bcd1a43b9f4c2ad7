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

/**
 * A session's refresh secret: the cookie carries `<userId>.<sessionId>.<secret>`, the session its sha256. The
 * secret is 32 bytes and a MAC of them with the session id, so one we issued for the session (a replaced one,
 * used again: its session ends) is told apart from a guessed or garbled one (refused, nothing written).
 */
export async function newRefreshSecret(sessionId: string): Promise<{ secret: string; hash: string }> {
  return refreshSecretOf(sessionId, randomBytes(32));
}

/**
 * The secret that replaces `secret` at a refresh: derived from it, so a second answer to the same cookie (a tab
 * that sent it at the same moment, a retry after a lost answer) can set the very cookie the first one set, and
 * the session stores no secret, only hashes.
 */
export async function nextRefreshSecret(sessionId: string, secret: string): Promise<{ secret: string; hash: string }> {
  const body = createHmac('sha256', await derivedKey('refresh-rotation'))
    .update(`${sessionId}|${secret}`)
    .digest();
  return refreshSecretOf(sessionId, body);
}

/** Whether we issued `secret` for this session, now or before (its MAC matches). */
export async function issuedRefreshSecret(sessionId: string, secret: string): Promise<boolean> {
  const bytes = Buffer.from(secret, 'base64url');
  // Only the one spelling of the bytes: base64url's spare bits must not make a second cookie of one secret.
  if (bytes.length !== 32 + REFRESH_MAC_BYTES || bytes.toString('base64url') !== secret) return false;
  const mac = await refreshMac(sessionId, bytes.subarray(0, 32));
  return sameSecret(bytes.subarray(32).toString('base64url'), mac.toString('base64url'));
}

const REFRESH_MAC_BYTES = 16;

async function refreshMac(sessionId: string, body: Buffer): Promise<Buffer> {
  const mac = createHmac('sha256', await derivedKey('refresh-secret'))
    .update(sessionId)
    .update(body)
    .digest();
  return mac.subarray(0, REFRESH_MAC_BYTES);
}

async function refreshSecretOf(sessionId: string, body: Buffer): Promise<{ secret: string; hash: string }> {
  const secret = Buffer.concat([body, await refreshMac(sessionId, body)]).toString('base64url');
  return { secret, hash: hashRefreshSecret(secret) };
}

export const hashRefreshSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export function parseRefreshCookie(value: string | undefined) {
  const [userId, sessionId, secret, extra] = (value ?? '').split('.');
  if (!userId || !sessionId || !secret || extra !== undefined) return undefined;
  return { userId, sessionId, secret };
}

/**
 * Whose device cookie it is: the user's email and their stored password hash. The hash is the device epoch: any
 * password change or reset (a new bcrypt salt, even for the same password) makes every device cookie issued
 * before it worthless, so old cookies buy no allowance of their own.
 */
export interface DeviceOwner {
  email: string;
  passwordHash: string;
}

/**
 * A device cookie verified for its owner: its id, and the second factor it was issued under: the time (ms) that
 * factor was turned on, 0 when none was on. A browser earns its own code budget only with the factor in force.
 */
export interface VerifiedDevice {
  id: string;
  twoFactorSince: number;
}

/**
 * A device cookie for a user: `<deviceId>.<twoFactorSince, base 36>.<hmac(deviceId|twoFactorSince|email|password
 * hash)>`.
 */
export async function newDeviceCookie(owner: DeviceOwner, twoFactorSince: number): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const since = twoFactorSince.toString(36);
  return `${id}.${since}.${await deviceMac(id, since, owner)}`;
}

/**
 * The device when the cookie was issued by us for this user since their password last changed, else undefined
 * (undefined too without a user: an unknown email is treated as a known one with a stale cookie).
 */
export async function verifiedDevice(
  cookie: string | undefined,
  owner: DeviceOwner | undefined,
): Promise<VerifiedDevice | undefined> {
  const [id, since, mac, extra] = (cookie ?? '').split('.');
  if (!id || !since || !mac || extra !== undefined) return undefined;
  // Computed for an unknown email too (for nobody), so it takes as long as a known email's stale cookie.
  const expected = await deviceMac(id, since, owner ?? { email: '', passwordHash: '' });
  if (!owner || !sameSecret(mac, expected)) return undefined;
  return { id, twoFactorSince: Number.parseInt(since, 36) };
}

async function deviceMac(id: string, since: string, owner: DeviceOwner): Promise<string> {
  return createHmac('sha256', await derivedKey('device-cookie'))
    .update(`${id}|${since}|${owner.email.toLowerCase()}|${owner.passwordHash}`)
    .digest('base64url');
}
