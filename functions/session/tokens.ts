/**
 * Access tokens (functions/README.md, "Security model"): HS256 with the algorithm pinned, exp, iss and aud checked. Each token
 * names its session, which must still exist when it is used, and carries the user's tokenVersion so a block or
 * password reset ends every token (both checked by auth/access.ts).
 */
import jwt from 'jsonwebtoken';
import { AUTH } from '../../shared/constants';
import { clock } from '../lib/clock';
import { unauthorized } from '../lib/errors';
import { readSecret } from '../lib/secrets';

export interface TokenClaims {
  /** The user's id. */
  sub: string;
  /** The user's tokenVersion when the token was signed. */
  tv: number;
  /** The session's id. */
  sid: string;
}

/** The token signing secret: JWT_SECRET locally, the JwtSecret of the stack in AWS (see lib/secrets.ts). */
export async function jwtSecret(): Promise<string> {
  const secret = await readSecret('JWT_SECRET', 'JWT_SECRET_ARN');
  if (!secret || secret.length < 32) throw new Error('JWT secret missing or shorter than 32 characters');
  return secret;
}

/** A short-lived access token for a session (AUTH.tokenTtlSeconds, from the injectable clock). */
export async function signToken(user: { _id: string; tokenVersion: number }, sessionId: string): Promise<string> {
  const claims: TokenClaims & { iat: number } = {
    sub: user._id,
    tv: user.tokenVersion,
    sid: sessionId,
    iat: clock.nowSeconds(),
  };
  return jwt.sign(claims, await jwtSecret(), {
    algorithm: 'HS256',
    expiresIn: AUTH.tokenTtlSeconds,
    issuer: AUTH.issuer,
    audience: AUTH.audience,
  });
}

/** The claims of a token we signed that has not expired, or 401. */
export async function verifyToken(token: string): Promise<TokenClaims> {
  try {
    const payload = jwt.verify(token, await jwtSecret(), {
      algorithms: ['HS256'],
      issuer: AUTH.issuer,
      audience: AUTH.audience,
      clockTimestamp: clock.nowSeconds(),
    });
    if (
      typeof payload !== 'object' ||
      typeof payload.sub !== 'string' ||
      typeof payload.tv !== 'number' ||
      typeof payload.sid !== 'string'
    ) {
      throw new Error('claims');
    }
    return { sub: payload.sub, tv: payload.tv, sid: payload.sid };
  } catch {
    throw unauthorized('Your session is not valid or has expired; please sign in again');
  }
}
