/**
 * Tokens and the signed-in user (DESIGN "Security model"): HS256 with the algorithm pinned, exp, iss and
 * aud checked, and a per-user tokenVersion so a password change, block or role change ends old sessions.
 */
import jwt from 'jsonwebtoken';
import { AUTH } from '../../shared/constants';
import { type ModelPermissions, mergePermissions } from '../../shared/permissions';
import { getRolesByIds, type RoleRecord } from '../role/repo';
import { getUserById, type UserRecord } from '../user/repo';
import { unauthorized } from './errors';

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
}

interface TokenClaims {
  sub: string;
  tv: number;
}

let cachedSecret: string | undefined;

/**
 * The signing secret: JWT_SECRET locally; in AWS, read once per container from Secrets Manager through the
 * Parameters and Secrets Lambda extension (a localhost HTTP call; no SDK client in the bundle).
 */
export async function jwtSecret(): Promise<string> {
  if (cachedSecret) return cachedSecret;
  let secret = process.env.JWT_SECRET;
  const arn = process.env.JWT_SECRET_ARN;
  if (!secret && arn) {
    const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
    const res = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`, {
      headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
    });
    if (!res.ok) throw new Error(`Secrets extension answered ${res.status}`);
    secret = ((await res.json()) as { SecretString?: string }).SecretString;
  }
  if (!secret || secret.length < 32) throw new Error('JWT secret missing or shorter than 32 characters');
  cachedSecret = secret;
  return secret;
}

export function resetJwtSecretCache(): void {
  cachedSecret = undefined;
}

export async function signToken(user: Pick<UserRecord, '_id' | 'tokenVersion'>): Promise<string> {
  const claims: TokenClaims = { sub: user._id, tv: user.tokenVersion };
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
    });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') {
      throw new Error('claims');
    }
    return { sub: payload.sub, tv: payload.tv };
  } catch {
    throw unauthorized('Your session is not valid or has expired; please sign in again');
  }
}

/** The user's roles and the permissions they grant (a disabled role grants nothing). */
export async function accessOf(user: UserRecord): Promise<{ roles: RoleRecord[]; modelPermissions: ModelPermissions }> {
  if (user.roles.length === 0) return { roles: [], modelPermissions: {} };
  const roles = await getRolesByIds(user.roles);
  const modelPermissions = mergePermissions(
    roles.filter((r) => r.status === 'Enable').map((r) => r.modelPermissions ?? {}),
  );
  return { roles, modelPermissions };
}

/** Resolves `Authorization: Bearer <token>` to the current user, or throws 401. */
export async function authenticate(authorization: string): Promise<AuthUser> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match?.[1]) throw unauthorized('Sign in to continue');
  const claims = await verifyToken(match[1]);
  const user = await getUserById(claims.sub);
  if (!user || user.tokenVersion !== claims.tv) {
    throw unauthorized('Your session has ended; please sign in again');
  }
  if (user.status === 'Disable') throw unauthorized('This account is blocked; please contact admin');
  return toAuthUser(user);
}

export async function toAuthUser(user: UserRecord): Promise<AuthUser> {
  const { roles, modelPermissions } = await accessOf(user);
  return {
    _id: user._id,
    name: user.name,
    email: user.email,
    isSuperAdmin: user.isSuperAdmin === true,
    modelPermissions,
    roles,
    record: user,
  };
}
