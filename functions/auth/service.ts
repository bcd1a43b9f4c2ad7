/**
 * Sign-in, refresh and sign-out (functions/README.md, "Security model"): throttled password check, the second factor when it
 * is on, then a session (an item, a 15-minute access token naming it, and a refresh cookie) and a device cookie.
 */
import jwt from 'jsonwebtoken';
import { AUTH } from '../../shared/constants';
import { METRIC } from '../../shared/metrics';
import type { LoginInput, LoginResult, RefreshResult, TwoFactorLoginInput } from '../../shared/schemas/auth';
import { recordAudit } from '../audit/repo';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { badRequest, HttpError, unauthorized } from '../lib/errors';
import type { Request } from '../lib/http';
import { newId } from '../lib/ids';
import { countEvent } from '../lib/observability';
import { checkPassword, timingDecoyHash } from '../lib/passwords';
import { sameSecret } from '../lib/secrets';
import { deleteSession, insertSession, type SessionRecord, sessionAlive, touchSession } from '../session/repo';
import { jwtSecret, signToken } from '../session/tokens';
import { throttleKeys } from '../throttle/keys';
import { type Counter, chargeAttempt, settleSuccess } from '../throttle/repo';
import { getTwoFactor, type TwoFactorRecord } from '../two-factor/repo';
import type { AuthUser } from '../user/auth-user';
import { getUserByEmail, getUserById, type UserRecord } from '../user/repo';
import { currentUser } from '../user/view';
import { loadUserAndSession, toAuthUser } from './access';
import {
  clearRefreshCookie,
  DEVICE_COOKIE,
  describeDevice,
  deviceCookie,
  REFRESH_COOKIE,
  refreshCookie,
} from './cookies';
import {
  hashRefreshSecret,
  newDeviceCookie,
  newRefreshSecret,
  parseRefreshCookie,
  verifiedDevice,
} from './credentials';
import { checkSecondFactor } from './second-factor';

const INVALID = 'Invalid email or password';
const BLOCKED = 'This account is blocked; please contact admin';
const CHALLENGE_PURPOSE = 'two-factor-sign-in';

export interface SignedIn {
  result: LoginResult;
  cookies: string[];
}

/**
 * The counters an attempt is charged to: a browser holding this email's device cookie has its own allowance, so
 * nobody guessing from elsewhere (or from the same office address) can slow its owner down; any other attempt
 * counts per (IP, email), per email over all IPs (failures only), and per IP over distinct emails.
 */
async function countersFor(req: Request, email: string): Promise<Counter[]> {
  const deviceId = await verifiedDevice(req.cookies[DEVICE_COOKIE], email);
  if (deviceId) return [{ key: throttleKeys.device(deviceId), kind: 'limit', free: AUTH.freeFailures }];
  const pair = throttleKeys.pair(req.ip, email);
  return [
    { key: pair, kind: 'limit', free: AUTH.freeFailures },
    { key: throttleKeys.email(email), kind: 'refundable', free: AUTH.freeFailuresPerEmail },
    { key: throttleKeys.ipEmails(req.ip), kind: 'distinct', free: AUTH.maxFailedEmailsPerIp, member: pair },
  ];
}

/**
 * A sign-in step, with its refusals counted (SignInFailures): a wrong password or unknown email, a blocked
 * account, a throttled attempt (429), a wrong or reused code, a lapsed challenge. Every refusal is an HttpError.
 */
async function countingRefusals<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) countEvent(METRIC.signInFailures);
    throw error;
  }
}

export const login = (input: LoginInput, req: Request) => countingRefusals(checkLogin(input, req));

/** The second step: a challenge from a right password, with a TOTP or recovery code (throttled per user). */
export const loginWithCode = (input: TwoFactorLoginInput, req: Request) => countingRefusals(checkCode(input, req));

async function checkLogin(input: LoginInput, req: Request): Promise<SignedIn> {
  const charge = await chargeAttempt(await countersFor(req, input.email));
  const user = await getUserByEmail(input.email);
  const matches = await checkPassword(input.password, user?.passwordHash ?? timingDecoyHash());
  if (!user || !matches) {
    await recordAudit({
      action: 'signInFailed',
      actorId: user?._id,
      actorName: user?.name,
      email: input.email,
      ip: req.ip,
      note: 'Wrong password',
    });
    throw badRequest(INVALID, 'AuthError');
  }
  await settleSuccess(charge);
  if (user.status === 'Disable') throw badRequest(BLOCKED, 'AuthError');
  const twoFactor = await getTwoFactor(user._id);
  if (twoFactor?.enabled) {
    return { result: { twoFactorRequired: true, challenge: await signChallenge(user) }, cookies: [] };
  }
  return startSession(user, twoFactor, req);
}

async function checkCode(input: TwoFactorLoginInput, req: Request): Promise<SignedIn> {
  const user = await userOfChallenge(input.challenge);
  const twoFactor = await getTwoFactor(user._id);
  if (!twoFactor?.enabled) throw unauthorized('Sign in again');
  const used = await checkSecondFactor(user, twoFactor, input.code, req.ip);
  // What the profile shows of it: one recovery code fewer when one was spent (no second read).
  const after =
    used === 'recovery' ? { ...twoFactor, recoveryCodeHashes: twoFactor.recoveryCodeHashes.slice(1) } : twoFactor;
  const signedIn = await startSession(user, after, req);
  if (used === 'recovery') {
    await recordAudit({ action: 'recoveryCodeUsed', actorId: user._id, actorName: user.name, ip: req.ip });
  }
  return signedIn;
}

async function signChallenge(user: UserRecord): Promise<string> {
  return jwt.sign(
    { sub: user._id, tv: user.tokenVersion, purpose: CHALLENGE_PURPOSE, iat: clock.nowSeconds() },
    await jwtSecret(),
    { algorithm: 'HS256', expiresIn: AUTH.twoFactorChallengeSeconds, issuer: AUTH.issuer, audience: CHALLENGE_PURPOSE },
  );
}

async function userOfChallenge(challenge: string): Promise<UserRecord> {
  let claims: jwt.JwtPayload | string;
  try {
    claims = jwt.verify(challenge, await jwtSecret(), {
      algorithms: ['HS256'],
      issuer: AUTH.issuer,
      audience: CHALLENGE_PURPOSE,
      clockTimestamp: clock.nowSeconds(),
    });
  } catch {
    throw unauthorized('Your sign-in took too long; enter your email and password again');
  }
  if (typeof claims !== 'object' || typeof claims.sub !== 'string' || claims.purpose !== CHALLENGE_PURPOSE) {
    throw unauthorized('Your sign-in took too long; enter your email and password again');
  }
  const user = await getUserById(claims.sub);
  if (!user || user.tokenVersion !== claims.tv) throw unauthorized('Sign in again');
  if (user.status === 'Disable') throw badRequest(BLOCKED, 'AuthError');
  return user;
}

async function startSession(user: UserRecord, twoFactor: TwoFactorRecord | undefined, req: Request): Promise<SignedIn> {
  const now = clock.nowSeconds();
  const { secret, hash } = newRefreshSecret();
  const session: SessionRecord = {
    _id: newId(),
    userId: user._id,
    tokenVersion: user.tokenVersion,
    createdAt: clock.iso(),
    lastSeenAt: clock.iso(),
    ip: req.ip,
    device: describeDevice(req.userAgent),
    refreshHash: hash,
    endsAt: now + AUTH.sessionMaxSeconds,
    expiresAt: Math.min(now + config.sessionIdleSeconds, now + AUTH.sessionMaxSeconds),
  };
  await insertSession(session);
  const auth = await toAuthUser(user, session, twoFactor);
  await recordAudit({
    action: 'signIn',
    actorId: user._id,
    actorName: user.name,
    email: user.email,
    ip: req.ip,
    note: session.device,
  });
  const cookies = [refreshCookie(req, `${user._id}.${session._id}.${secret}`)];
  if (!(await verifiedDevice(req.cookies[DEVICE_COOKIE], user.email))) {
    cookies.push(deviceCookie(req, await newDeviceCookie(user.email)));
  }
  const token = await signToken(user, session._id);
  return { result: { token, user: currentUser(auth, twoFactor) }, cookies };
}

/**
 * A new access token for the session in the refresh cookie, while the session is alive (not idle too long, not
 * past its end, not ended) and its user still the same (not blocked, no password reset since). Each refresh
 * counts as use: the idle end moves forward.
 */
export async function refresh(req: Request): Promise<RefreshResult> {
  const parsed = parseRefreshCookie(req.cookies[REFRESH_COOKIE]);
  if (!parsed) throw unauthorized('Sign in to continue');
  const { user, session } = await loadUserAndSession(parsed.userId, parsed.sessionId);
  const now = clock.nowSeconds();
  if (
    !user ||
    !session ||
    !sameSecret(session.refreshHash, hashRefreshSecret(parsed.secret)) ||
    !sessionAlive(session, now) ||
    session.tokenVersion !== user.tokenVersion ||
    user.status === 'Disable'
  ) {
    throw unauthorized('Your session has ended; please sign in again');
  }
  const touched = await touchSession(session, {
    lastSeenAt: clock.iso(),
    ip: req.ip,
    expiresAt: Math.min(now + config.sessionIdleSeconds, session.endsAt),
  });
  if (!touched) throw unauthorized('Your session has ended; please sign in again');
  return { token: await signToken(user, session._id) };
}

export async function logout(actor: AuthUser, req: Request): Promise<string[]> {
  if (actor.session) await deleteSession(actor._id, actor.session._id);
  await recordAudit({ action: 'signOut', actorId: actor._id, actorName: actor.name, ip: req.ip });
  return [clearRefreshCookie(req)];
}
