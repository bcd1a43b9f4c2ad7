/**
 * Sign-in, refresh and sign-out (functions/README.md, "Security model"): throttled password check, the second factor when it
 * is on, then a session (an item, a 15-minute access token naming it, and a refresh cookie) and a device cookie.
 */
import jwt from 'jsonwebtoken';
import { AUTH } from '../../shared/constants';
import { METRIC } from '../../shared/metrics';
import type { LoginInput, LoginResult, RefreshResult, TwoFactorLoginInput } from '../../shared/schemas/auth';
import { recordAudit } from '../audit/model';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { badRequest, HttpError, unauthorized } from '../lib/errors';
import type { Request } from '../lib/http';
import { newId } from '../lib/ids';
import { countEvent } from '../lib/observability';
import { checkPassword, timingDecoyHash } from '../lib/passwords';
import { sameSecret } from '../lib/secrets';
import { deleteSession, insertSession, type SessionRecord, sessionAlive, touchSession } from '../session/model';
import { jwtSecret, signToken } from '../session/tokens';
import { type Counter, chargeAttempt, settleSuccess, throttleKeys } from '../throttle/model';
import { getTwoFactor, type TwoFactorRecord } from '../two-factor/model';
import type { AuthUser } from '../user/auth-user';
import { getUserById, getUserIdByEmail, type UserRecord } from '../user/model';
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
  issuedRefreshSecret,
  newDeviceCookie,
  newRefreshSecret,
  nextRefreshSecret,
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

/** An id no user has (ULIDs of time zero are never made), read when an email names no user. */
const NO_USER_ID = '00000000000000000000000000';

/**
 * The user an email names, read before the attempt is charged (the device cookie is checked against the user's
 * password epoch). Always the same two reads, so neither a refusal nor a check takes longer for an email that
 * exists than for one that does not.
 */
async function userOfEmail(email: string): Promise<UserRecord | undefined> {
  const id = await getUserIdByEmail(email);
  const user = await getUserById(id ?? NO_USER_ID);
  return id ? user : undefined;
}

/**
 * The counters an attempt is charged to: a browser holding this user's device cookie, issued since their password
 * last changed, has its own allowance, so nobody guessing from elsewhere (or from the same office address) can
 * slow its owner down; any other attempt counts per (IP, email), per email over all IPs (failures only), and per
 * IP over distinct emails. The cookie is checked before the password, and only against the stored user: an
 * unknown email and a known one with a stale cookie are counted alike, so neither reveals which it is.
 */
async function countersFor(req: Request, email: string, user: UserRecord | undefined): Promise<Counter[]> {
  const device = await verifiedDevice(req.cookies[DEVICE_COOKIE], user);
  if (device) {
    return [
      {
        key: throttleKeys.device(device.id),
        kind: 'limit',
        free: AUTH.freeFailures,
        label: 'Passwords from a browser known to this user',
      },
    ];
  }
  const pair = throttleKeys.pair(req.ip, email);
  return [
    { key: pair, kind: 'limit', free: AUTH.freeFailures, label: 'Passwords for this email from this address' },
    {
      key: throttleKeys.email(email),
      kind: 'refundable',
      free: AUTH.freeFailuresPerEmail,
      label: 'Wrong passwords for this email from all addresses',
    },
    {
      key: throttleKeys.ipEmails(req.ip),
      kind: 'distinct',
      free: AUTH.maxFailedEmailsPerIp,
      member: pair,
      label: 'Emails failing from this address',
    },
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

/** The second step: a challenge from a right password, with a TOTP or recovery code (see second-factor.ts). */
export const loginWithCode = (input: TwoFactorLoginInput, req: Request) => countingRefusals(checkCode(input, req));

async function checkLogin(input: LoginInput, req: Request): Promise<SignedIn> {
  const user = await userOfEmail(input.email);
  const charge = await chargeAttempt(await countersFor(req, input.email, user), {
    ip: req.ip,
    email: input.email,
    actorId: user?._id,
    actorName: user?.name,
  });
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
  if (user.status === 'Disable') throw await refuseBlocked(user, req, 'Right password');
  const twoFactor = await getTwoFactor(user._id);
  if (twoFactor?.enabled) {
    return { result: { twoFactorRequired: true, challenge: await signChallenge(user) }, cookies: [] };
  }
  return startSession(user, twoFactor, req);
}

/** A blocked user who got a step right: refused, and audited (they, or someone with their password, tried). */
async function refuseBlocked(user: UserRecord, req: Request, note: string): Promise<HttpError> {
  await recordAudit({
    action: 'signInBlocked',
    actorId: user._id,
    actorName: user.name,
    email: user.email,
    ip: req.ip,
    note,
  });
  return badRequest(BLOCKED, 'AuthError');
}

/** The second factor a device cookie is issued under: when it was turned on (ms), 0 when none is on. */
const twoFactorSince = (twoFactor: TwoFactorRecord | undefined): number =>
  twoFactor?.enabled && twoFactor.enabledAt ? Date.parse(twoFactor.enabledAt) : 0;

/**
 * The browser's device when it may use its own code budget: its cookie verified for this user and issued under
 * the second factor now in force (at a full sign-in with it, or when it was turned on). A cookie from before
 * (someone who signed in with the password alone back then) counts with every other browser.
 */
async function trustedForCodes(req: Request, user: UserRecord, twoFactor: TwoFactorRecord) {
  const device = await verifiedDevice(req.cookies[DEVICE_COOKIE], user);
  const since = twoFactorSince(twoFactor);
  return device && since > 0 && device.twoFactorSince === since ? device : undefined;
}

async function checkCode(input: TwoFactorLoginInput, req: Request): Promise<SignedIn> {
  const { user, challengeId } = await userOfChallenge(input.challenge, req);
  const twoFactor = await getTwoFactor(user._id);
  if (!twoFactor?.enabled) throw unauthorized('Sign in again');
  const trusted = await trustedForCodes(req, user, twoFactor);
  const used = await checkSecondFactor(user, twoFactor, input.code, {
    ip: req.ip,
    challengeId,
    trustedDeviceId: trusted?.id,
  });
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
    // jti: each challenge has its own counter of codes (throttle/model.ts, challengeCounter).
    { sub: user._id, tv: user.tokenVersion, purpose: CHALLENGE_PURPOSE, iat: clock.nowSeconds(), jti: newId() },
    await jwtSecret(),
    { algorithm: 'HS256', expiresIn: AUTH.twoFactorChallengeSeconds, issuer: AUTH.issuer, audience: CHALLENGE_PURPOSE },
  );
}

async function userOfChallenge(challenge: string, req: Request): Promise<{ user: UserRecord; challengeId: string }> {
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
  if (
    typeof claims !== 'object' ||
    typeof claims.sub !== 'string' ||
    typeof claims.jti !== 'string' ||
    claims.purpose !== CHALLENGE_PURPOSE
  ) {
    throw unauthorized('Your sign-in took too long; enter your email and password again');
  }
  const user = await getUserById(claims.sub);
  if (!user || user.tokenVersion !== claims.tv) throw unauthorized('Sign in again');
  if (user.status === 'Disable') throw await refuseBlocked(user, req, 'Blocked before the code step');
  return { user, challengeId: claims.jti };
}

async function startSession(user: UserRecord, twoFactor: TwoFactorRecord | undefined, req: Request): Promise<SignedIn> {
  const now = clock.nowSeconds();
  const sessionId = newId();
  const { secret, hash } = await newRefreshSecret(sessionId);
  const session: SessionRecord = {
    _id: sessionId,
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
  // A new device cookie when the browser has none for this user's current password, or one issued under another
  // second factor (or none): with two-factor on, this sign-in passed it, which earns the browser its own code budget.
  const device = await verifiedDevice(req.cookies[DEVICE_COOKIE], user);
  if (device?.twoFactorSince !== twoFactorSince(twoFactor)) {
    cookies.push(deviceCookie(req, await newDeviceCookie(user, twoFactorSince(twoFactor))));
  }
  const token = await signToken(user, session._id);
  return { result: { token, user: currentUser(auth, twoFactor) }, cookies };
}

const SESSION_ENDED = 'Your session has ended; please sign in again';

export interface Refreshed {
  result: RefreshResult;
  cookies: string[];
}

/**
 * A new access token and a new refresh cookie for the session in the refresh cookie, while the session is alive
 * (not idle too long, not past its end, not ended) and its user still the same (not blocked, no password reset
 * since). Each refresh counts as use (the idle end moves forward) and replaces the secret (functions/README.md,
 * "Sessions"). The secret it replaced still answers for AUTH.refreshReuseGraceSeconds, with the same new cookie:
 * tabs of one browser that sent it at the same moment, or a retry after an answer lost on the way, all end up
 * with the cookie the session holds. Used later, the cookie has a second holder (or an answer was lost and its
 * owner came back only later): the session ends.
 */
export async function refresh(req: Request): Promise<Refreshed> {
  const parsed = parseRefreshCookie(req.cookies[REFRESH_COOKIE]);
  if (!parsed) throw unauthorized('Sign in to continue');
  const presented = hashRefreshSecret(parsed.secret);
  const next = await nextRefreshSecret(parsed.sessionId, parsed.secret);
  // A second read only when another refresh with this secret replaced it between our read and our write.
  for (let attempt = 0; attempt < 2; attempt++) {
    const { user, session } = await loadUserAndSession(parsed.userId, parsed.sessionId);
    const now = clock.nowSeconds();
    if (
      !user ||
      !session ||
      !sessionAlive(session, now) ||
      session.tokenVersion !== user.tokenVersion ||
      user.status === 'Disable'
    ) {
      throw unauthorized(SESSION_ENDED);
    }
    const answer = async (): Promise<Refreshed> => ({
      result: { token: await signToken(user, session._id) },
      cookies: [refreshCookie(req, `${user._id}.${session._id}.${next.secret}`)],
    });
    if (sameSecret(session.refreshHash, presented)) {
      const replaced = await touchSession(session, {
        lastSeenAt: clock.iso(),
        ip: req.ip,
        expiresAt: Math.min(now + config.sessionIdleSeconds, session.endsAt),
        refreshHash: next.hash,
        rotatedAt: now,
      });
      if (replaced) return answer();
      continue;
    }
    const previous = session.previousRefreshHash !== undefined && sameSecret(session.previousRefreshHash, presented);
    if (previous && now - (session.rotatedAt ?? 0) <= AUTH.refreshReuseGraceSeconds) return answer();
    // A secret of this session's past, not a guessed or garbled one (those change nothing).
    if (previous || (await issuedRefreshSecret(session._id, parsed.secret))) await endReusedSession(user, session, req);
    throw unauthorized(SESSION_ENDED);
  }
  throw unauthorized(SESSION_ENDED);
}

/**
 * A replaced refresh secret used again: someone may hold a copy of the cookie, and nobody can tell the owner from
 * the copier. Ending the session stops every holder (its tokens fail at their next request), and only the owner
 * can sign in again.
 */
async function endReusedSession(user: UserRecord, session: SessionRecord, req: Request): Promise<void> {
  await deleteSession(user._id, session._id);
  countEvent(METRIC.refreshReused);
  await recordAudit({
    action: 'refreshReused',
    actorId: user._id,
    actorName: user.name,
    ip: req.ip,
    targetType: 'session',
    targetId: session._id,
    note: session.device,
  });
}

export async function logout(actor: AuthUser, req: Request): Promise<string[]> {
  if (actor.session) await deleteSession(actor._id, actor.session._id);
  await recordAudit({ action: 'signOut', actorId: actor._id, actorName: actor.name, ip: req.ip });
  return [clearRefreshCookie(req)];
}
