/**
 * Tokens and the signed-in user (DESIGN "Security model"): HS256 with the algorithm pinned, exp, iss and
 * aud checked; each token names its session, which must still exist (sign-out and "end session" delete it,
 * idleness lets it lapse), and carries the user's tokenVersion so a block or password reset ends every token.
 */
import jwt from 'jsonwebtoken';
import { AUTH } from '../../shared/constants';
import { type ModelPermissions, mergePermissions } from '../../shared/permissions';
import { getRolesByIds, type RoleRecord } from '../role/repo';
import { getUserAndSession, type SessionRecord } from '../session/repo';
import type { TwoFactorRecord } from '../two-factor/repo';
import type { UserRecord } from '../user/repo';
import { clock } from './clock';
import { unauthorized } from './errors';
import { readSecret } from './secrets';

export interface AuthUser {
  _id: string;
  name: string;
  email: string;
  isSuperAdmin: boolean;
  modelPermissions: ModelPermissions;
  /** The user's roles as stored (enabled or not), for showing names. */
  roles: RoleRecord[];
  /** The stored record, for services that need more than the identity. */
  record: UserRecord;
  /** The session the request was made with (absent only while signing in). */
  session?: SessionRecord;
  twoFactorEnabled: boolean;
  /** An enabled role of the user requires two-factor sign-in. */
  twoFactorRequired: boolean;
}

interface TokenClaims {
  sub: string;
  tv: number;
  sid: string;
}

/** The token signing secret: JWT_SECRET locally, the JwtSecret of the stack in AWS (see lib/secrets.ts). */
export async function jwtSecret(): Promise<string> {
  const secret = await readSecret('JWT_SECRET', 'JWT_SECRET_ARN');
  if (!secret || secret.length < 32) throw new Error('JWT secret missing or shorter than 32 characters');
  return secret;
}

/** A short-lived access token for a session (AUTH.tokenTtlSeconds, from the injectable clock). */
export async function signToken(user: Pick<UserRecord, '_id' | 'tokenVersion'>, sessionId: string): Promise<string> {
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

async function verifyToken(token: string): Promise<TokenClaims> {
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

/** The user's roles, the permissions they grant and whether one requires two-factor sign-in (disabled roles: none). */
export async function accessOf(
  user: UserRecord,
): Promise<{ roles: RoleRecord[]; modelPermissions: ModelPermissions; twoFactorRequired: boolean }> {
  if (user.roles.length === 0) return { roles: [], modelPermissions: {}, twoFactorRequired: false };
  const roles = await getRolesByIds(user.roles);
  const enabled = roles.filter((r) => r.status === 'Enable');
  const modelPermissions = mergePermissions(enabled.map((r) => r.modelPermissions ?? {}));
  return { roles, modelPermissions, twoFactorRequired: enabled.some((r) => r.requiresTwoFactor === true) };
}

/** Whether a session is still alive at `nowSeconds`: not idle too long, not past its absolute end. */
export function sessionAlive(session: SessionRecord, nowSeconds: number): boolean {
  return session.expiresAt > nowSeconds && session.endsAt > nowSeconds;
}

/** Resolves `Authorization: Bearer <token>` to the current user, or throws 401. */
export async function authenticate(authorization: string): Promise<AuthUser> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match?.[1]) throw unauthorized('Sign in to continue');
  const claims = await verifyToken(match[1]);
  const { user, session, twoFactor } = await getUserAndSession(claims.sub, claims.sid);
  if (!user || user.tokenVersion !== claims.tv || !session || !sessionAlive(session, clock.nowSeconds())) {
    throw unauthorized('Your session has ended; please sign in again');
  }
  if (user.status === 'Disable') throw unauthorized('This account is blocked; please contact admin');
  return toAuthUser(user, session, twoFactor);
}

export async function toAuthUser(
  user: UserRecord,
  session?: SessionRecord,
  twoFactor?: TwoFactorRecord,
): Promise<AuthUser> {
  const { roles, modelPermissions, twoFactorRequired } = await accessOf(user);
  return {
    _id: user._id,
    name: user.name,
    email: user.email,
    isSuperAdmin: user.isSuperAdmin === true,
    modelPermissions,
    roles,
    record: user,
    session,
    twoFactorEnabled: twoFactor?.enabled === true,
    twoFactorRequired,
  };
}

/** Required by a role but not set up yet: the user may only enrol or sign out. */
export const mustEnrolTwoFactor = (user: AuthUser): boolean => user.twoFactorRequired && !user.twoFactorEnabled;
