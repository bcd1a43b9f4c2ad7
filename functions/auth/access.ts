/**
 * Who is calling (functions/README.md, "Security model"): the token's session must still exist (sign-out and "end session"
 * delete it, idleness lets it lapse) and its user still be the one it was signed for (a block or password
 * reset bumps tokenVersion); then the user's enabled roles give their permissions.
 */
import { mergePermissions } from '../../shared/permissions';
import { clock } from '../lib/clock';
import { readTogether } from '../lib/db/records';
import { unauthorized } from '../lib/errors';
import { getRolesByIds } from '../role/model';
import { type SessionRecord, sessionAlive, sessionRead } from '../session/model';
import { verifyToken } from '../session/tokens';
import { type TwoFactorRecord, twoFactorRead } from '../two-factor/model';
import type { AuthUser } from '../user/auth-user';
import { type UserRecord, userRead } from '../user/model';

/** The user, one of their sessions and their second factor, in one strongly consistent read. */
export function loadUserAndSession(userId: string, sessionId: string) {
  return readTogether({
    user: userRead(userId),
    session: sessionRead(userId, sessionId),
    twoFactor: twoFactorRead(userId),
  });
}

/** The user's roles, the permissions they grant and whether one requires two-factor sign-in (disabled roles: none). */
async function accessOf(user: UserRecord): Promise<Pick<AuthUser, 'roles' | 'modelPermissions' | 'twoFactorRequired'>> {
  if (user.roles.length === 0) return { roles: [], modelPermissions: {}, twoFactorRequired: false };
  const roles = await getRolesByIds(user.roles);
  const enabled = roles.filter((r) => r.status === 'Enable');
  const modelPermissions = mergePermissions(enabled.map((r) => r.modelPermissions ?? {}));
  return { roles, modelPermissions, twoFactorRequired: enabled.some((r) => r.requiresTwoFactor === true) };
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

/** Resolves `Authorization: Bearer <token>` to the current user, or throws 401. */
export async function authenticate(authorization: string): Promise<AuthUser> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match?.[1]) throw unauthorized('Sign in to continue');
  const claims = await verifyToken(match[1]);
  const { user, session, twoFactor } = await loadUserAndSession(claims.sub, claims.sid);
  if (!user || user.tokenVersion !== claims.tv || !session || !sessionAlive(session, clock.nowSeconds())) {
    throw unauthorized('Your session has ended; please sign in again');
  }
  if (user.status === 'Disable') throw unauthorized('This account is blocked; please contact admin');
  return toAuthUser(user, session, twoFactor);
}
