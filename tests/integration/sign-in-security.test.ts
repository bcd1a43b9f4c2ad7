/**
 * Attacks on sign-in, replayed against the auth Lambda as it runs behind CloudFront (direct.ts):
 * parallel guesses, lock-out as a weapon against an owner or an office, forged addresses, and TOTP.
 */
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../functions/audit/model';
import { setClock } from '../../functions/lib/clock';
import { listSessions } from '../../functions/session/model';
import { getTwoFactor } from '../../functions/two-factor/model';
import { getUserById, replaceUser } from '../../functions/user/model';
import { AUTH, TOTP as TOTP_RULES } from '../../shared/constants';
import type { LoginResult, RecoveryCodes, TwoFactorSetup } from '../../shared/schemas/auth';
import { cookiesOf, type DirectOptions, direct, messageOf } from './direct';
import { createRole, createUser } from './factories';
import { admin } from './helpers';

const PASSWORD = 'Owner-Pass-2026';
let sequence = 0;
const run = Math.floor(Math.random() * 0xffff).toString(16);
/** A fresh address each call, so counters of one test (or run) never meet another's. */
function nextIp(): string {
  sequence += 1;
  return `2001:db8:${run}::${sequence.toString(16)}`;
}
const uniqueIp = nextIp;

const signIn = (email: string, password: string, options: DirectOptions = {}) =>
  direct<LoginResult>('POST', '/auth/login', { ...options, body: { email, password } });

const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: TOTP_RULES.digits, period: TOTP_RULES.periodSeconds }).generate(
    {
      timestamp: at,
    },
  );

/** Signs in and returns the access token and the cookies the browser would keep. */
async function session(email: string, options: DirectOptions = {}) {
  const res = await signIn(email, PASSWORD, options);
  expect(res.status, messageOf(res)).toBe(200);
  const data = res.body.data as { token: string };
  return { token: data.token, cookies: cookiesOf(res) };
}

afterEach(() => setClock(undefined));

/** Stops the clock, so a delay the throttle sets never runs out while the test looks at it. */
function freezeClock(): number {
  const now = Date.now();
  setClock(() => now);
  return now;
}

/** Guesses one after another (with the clock frozen, past the free attempts every one is refused unchecked). */
async function guess(email: string, count: number, ip: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await signIn(email, `guess-${i}`, { ip: ip(i) })).status);
  return statuses;
}

describe('the API behind CloudFront', () => {
  it('refuses a request without the origin secret (someone calling API Gateway directly)', async () => {
    const user = await createUser({ password: PASSWORD });
    const res = await signIn(user.email, PASSWORD, { viaCloudFront: false });
    expect(res.status).toBe(403);
    expect(messageOf(res)).toBe('Forbidden: Call the API through the site address');
    const wrong = await signIn(user.email, PASSWORD, { headers: { 'x-origin-verify': 'guess' } });
    expect(wrong.status).toBe(403);
  });

  it('records the viewer address CloudFront passes on as the session address', async () => {
    const user = await createUser({ password: PASSWORD });
    const { token } = await session(user.email, { ip: '2001:db8::42' });
    const sessions = await direct<{ ip: string; device: string; current: boolean }[]>('GET', '/auth/sessions', {
      token,
    });
    expect(sessions.body.data).toEqual([
      expect.objectContaining({ ip: '2001:db8::42', device: 'Chrome on Windows', current: true }),
    ]);
  });
});

describe('parallel guesses', () => {
  it('100 parallel wrong passwords for one email check at most the free attempts; the rest get 429 unchecked', async () => {
    const user = await createUser({ password: PASSWORD });
    const ip = nextIp();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(user.email, `wrong-guess-${i}`, { ip })),
    );
    const checked = results.filter((r) => r.status === 400).length;
    const refused = results.filter((r) => r.status === 429).length;
    expect(checked + refused).toBe(100);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(AUTH.freeFailures);
    expect(results.find((r) => r.status === 429)?.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('100 parallel attempts spread over 100 addresses check at most the per-email allowance', async () => {
    const user = await createUser({ password: PASSWORD });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        signIn(user.email, `spread-${i}`, { ip: `2001:db8:${run}:18::${i.toString(16)}` }),
      ),
    );
    expect(results.filter((r) => r.status === 400).length).toBeLessThanOrEqual(AUTH.freeFailuresPerEmail);
  });
});

describe('throttling that cannot be turned against the owner', () => {
  it('growing delays, not a lock: the right password gets in once the short wait is over', async () => {
    const user = await createUser({ password: PASSWORD });
    const ip = nextIp();
    const start = Date.now();
    setClock(() => start);
    for (let i = 0; i < AUTH.freeFailures; i++)
      expect((await signIn(user.email, `wrong-${i}`, { ip })).status).toBe(400);
    const waiting = await signIn(user.email, PASSWORD, { ip });
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    setClock(() => start + 1_100);
    expect((await signIn(user.email, 'wrong-again', { ip })).status).toBe(400);
    // The next wait doubles.
    const longer = await signIn(user.email, PASSWORD, { ip });
    expect(longer.status).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    setClock(() => start + 3_200);
    expect((await signIn(user.email, PASSWORD, { ip })).status).toBe(200);
  });

  it('someone guessing from elsewhere does not slow the owner down at their own address', async () => {
    const user = await createUser({ password: PASSWORD });
    const attacker = nextIp();
    freezeClock();
    const statuses = await guess(user.email, 40, () => attacker);
    expect(statuses.filter((s) => s === 400)).toHaveLength(AUTH.freeFailures);
    expect(statuses.slice(AUTH.freeFailures).every((s) => s === 429)).toBe(true);
    expect((await signIn(user.email, PASSWORD, { ip: nextIp() })).status).toBe(200);
  });

  it('a guesser at the same office address does not lock out the owner with a device cookie, nor colleagues', async () => {
    const owner = await createUser({ password: PASSWORD });
    const colleague = await createUser({ password: PASSWORD });
    const office = uniqueIp();
    const { cookies } = await session(owner.email, { ip: office });
    expect(cookies.device).toMatch(/^[\w-]+\.[\da-z]+\.[\w-]+$/);
    freezeClock();
    await guess(owner.email, 40, () => office);
    expect((await signIn(owner.email, PASSWORD, { ip: office })).status).toBe(429);
    expect(
      (await signIn(owner.email, PASSWORD, { ip: office, cookies: { device: cookies.device ?? '' } })).status,
    ).toBe(200);
    expect((await signIn(colleague.email, PASSWORD, { ip: office })).status).toBe(200);
  });

  it('a distributed guess slows every browser without the device cookie; the owner with it gets in with password and code', async () => {
    const owner = await createUser({ password: PASSWORD });
    const first = await session(owner.email, { ip: nextIp() });
    const setup = await direct<TwoFactorSetup>('POST', '/auth/two-factor/setup', { token: first.token });
    const secret = setup.body.data?.secret ?? '';
    const now = Date.now();
    setClock(() => now);
    expect(
      (
        await direct('POST', '/auth/two-factor/enable', {
          token: first.token,
          body: { code: codeFor(secret, now), password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    // 40 guesses, each from another address: every pair counter is fresh, the email's own counter fills.
    for (let i = 0; i < 40; i++)
      await signIn(owner.email, `botnet-${i}`, { ip: `2001:db8:${run}:19::${i.toString(16)}` });
    expect((await signIn(owner.email, PASSWORD, { ip: nextIp() })).status).toBe(429);

    // Still the same instant: the delay has not run out, but the owner's browser is known.
    const step1 = await signIn(owner.email, PASSWORD, {
      ip: nextIp(),
      cookies: { device: first.cookies.device ?? '' },
    });
    expect(step1.status, messageOf(step1)).toBe(200);
    const challenge = (step1.body.data as { challenge: string }).challenge;
    const step2 = await direct<{ token: string }>('POST', '/auth/login/two-factor', {
      body: { challenge, code: codeFor(secret, now + TOTP_RULES.periodSeconds * 1000) },
    });
    expect(step2.status, messageOf(step2)).toBe(200);
    expect(step2.body.data?.token).toBeTruthy();
  });

  it('colleagues signing in at the same moment from one office address never refuse each other', async () => {
    const office = nextIp();
    const staff = await Promise.all(Array.from({ length: 8 }, () => createUser({ password: PASSWORD })));
    const results = await Promise.all(staff.map((u) => signIn(u.email, PASSWORD, { ip: office })));
    expect(results.map((r) => r.status)).toEqual(staff.map(() => 200));
  });

  it('one address failing on many emails: new emails from it wait, emails with a device cookie do not', async () => {
    const known = await createUser({ password: PASSWORD });
    const ip = uniqueIp();
    const { cookies } = await session(known.email, { ip: nextIp() });
    for (let i = 0; i < AUTH.maxFailedEmailsPerIp; i++) {
      expect((await signIn(`spray-${sequence}-${i}@example.com`, 'guess', { ip })).status).toBe(400);
    }
    const newcomer = await createUser({ password: PASSWORD });
    expect((await signIn(newcomer.email, PASSWORD, { ip })).status).toBe(429);
    expect((await signIn(known.email, PASSWORD, { ip, cookies: { device: cookies.device ?? '' } })).status).toBe(200);
  });

  it('ignores a device cookie issued for another email', async () => {
    const victim = await createUser({ password: PASSWORD });
    const attacker = await createUser({ password: PASSWORD });
    const { cookies } = await session(attacker.email, { ip: nextIp() });
    const ip = nextIp();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(victim.email, `x-${i}`, { ip, cookies: { device: cookies.device ?? '' } }),
      ),
    );
    expect(results.filter((r) => r.status === 400).length).toBeLessThanOrEqual(AUTH.freeFailures);
  });
});

describe('two-factor sign-in (TOTP)', () => {
  let user: Awaited<ReturnType<typeof createUser>>;
  let secret = '';
  let recoveryCodes: string[] = [];
  let clockAt = Date.now();

  beforeAll(async () => {
    clockAt = Date.now();
    setClock(() => clockAt);
    user = await createUser({ password: PASSWORD });
    const { token } = await session(user.email);
    const setup = await direct<TwoFactorSetup>('POST', '/auth/two-factor/setup', { token });
    expect(setup.status).toBe(200);
    secret = setup.body.data?.secret ?? '';
    expect(setup.body.data?.uri).toMatch(/^otpauth:\/\/totp\/Admin%20Portal:.+\?.*secret=/);
    const wrong = await direct('POST', '/auth/two-factor/enable', {
      token,
      body: { code: '000000', password: PASSWORD },
    });
    expect(wrong.status).toBe(400);
    const enabled = await direct<RecoveryCodes>('POST', '/auth/two-factor/enable', {
      token,
      body: { code: codeFor(secret, clockAt), password: PASSWORD },
    });
    expect(enabled.status, messageOf(enabled)).toBe(200);
    recoveryCodes = enabled.body.data?.recoveryCodes ?? [];
  });

  const nextStep = () => {
    clockAt += TOTP_RULES.periodSeconds * 1000;
    const at = clockAt;
    setClock(() => at);
    return at;
  };

  async function challenge(): Promise<string> {
    const res = await signIn(user.email, PASSWORD, { ip: nextIp() });
    expect(res.status).toBe(200);
    const data = res.body.data as LoginResult;
    expect(data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    return (data as { challenge: string }).challenge;
  }

  it('gives ten distinct recovery codes and never stores the secret or codes in the clear', async () => {
    expect(new Set(recoveryCodes).size).toBe(AUTH.recoveryCodeCount);
    const { getTwoFactor } = await import('../../functions/two-factor/model');
    const stored = JSON.stringify(await getTwoFactor(user._id));
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
  });

  it('a password alone gives only a challenge; the challenge with a code gives a session; the same code twice is refused', async () => {
    const at = nextStep();
    const code = codeFor(secret, at);
    const first = await direct<{ token: string; user: { twoFactorEnabled: boolean } }>(
      'POST',
      '/auth/login/two-factor',
      {
        body: { challenge: await challenge(), code },
      },
    );
    expect(first.status, messageOf(first)).toBe(200);
    expect(first.body.data?.user.twoFactorEnabled).toBe(true);
    const replay = await direct('POST', '/auth/login/two-factor', { body: { challenge: await challenge(), code } });
    expect(replay.status).toBe(400);
    expect(messageOf(replay)).toMatch(/^AuthError: That code is not valid/);
  });

  it('refuses a forged or expired challenge', async () => {
    const at = nextStep();
    const forged = await direct('POST', '/auth/login/two-factor', {
      body: { challenge: 'x.y.z', code: codeFor(secret, at) },
    });
    expect(forged.status).toBe(401);
    const old = await challenge();
    setClock(() => at + (AUTH.twoFactorChallengeSeconds + 1) * 1000);
    const expired = await direct('POST', '/auth/login/two-factor', {
      body: { challenge: old, code: codeFor(secret, at) },
    });
    expect(expired.status).toBe(401);
    clockAt = at + (AUTH.twoFactorChallengeSeconds + 1) * 1000;
  });

  it('a recovery code works once', async () => {
    nextStep();
    const code = recoveryCodes[0] ?? '';
    const used = await direct('POST', '/auth/login/two-factor', {
      body: { challenge: await challenge(), code: code.toUpperCase() },
    });
    expect(used.status, messageOf(used)).toBe(200);
    const again = await direct('POST', '/auth/login/two-factor', { body: { challenge: await challenge(), code } });
    expect(again.status).toBe(400);
  });

  it('codes are throttled like passwords: past the free attempts, even the right code waits', async () => {
    const at = nextStep();
    const c = await challenge();
    const parallel = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        direct('POST', '/auth/login/two-factor', { body: { challenge: c, code: String(100000 + i) } }),
      ),
    );
    expect(parallel.filter((r) => r.status === 400).length).toBeLessThanOrEqual(AUTH.freeFailures);
    let checked = parallel.filter((r) => r.status === 400).length;
    for (let i = 0; i < 10; i++) {
      const res = await direct('POST', '/auth/login/two-factor', { body: { challenge: c, code: String(200000 + i) } });
      if (res.status === 400) checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(AUTH.freeFailures);
    const right = await direct('POST', '/auth/login/two-factor', { body: { challenge: c, code: codeFor(secret, at) } });
    expect(right.status).toBe(429);
  });
});

describe('a role that requires two-factor sign-in', () => {
  it('lets its holder only enrol or sign out until they have, then everything their role grants', async () => {
    const role = await createRole({ Category: ['Read'] }, { requiresTwoFactor: true });
    const user = await createUser({ password: PASSWORD, roles: [role._id] });
    const { token } = await session(user.email);
    const me = await direct<{ twoFactorEnrolmentPending: boolean }>('GET', '/user/me', { token });
    expect(me.body.data?.twoFactorEnrolmentPending).toBe(true);
    const blocked = await direct('GET', '/category/', { token });
    expect(blocked.status).toBe(403);
    expect(messageOf(blocked)).toBe('Forbidden: Two-factor sign-in is required for your role; set it up to continue');
    const setup = await direct<TwoFactorSetup>('POST', '/auth/two-factor/setup', { token });
    const at = Date.now();
    setClock(() => at);
    const enabled = await direct('POST', '/auth/two-factor/enable', {
      token,
      body: { code: codeFor(setup.body.data?.secret ?? '', at), password: PASSWORD },
    });
    expect(enabled.status, messageOf(enabled)).toBe(200);
    expect((await direct('GET', '/category/', { token })).status).toBe(200);
    const off = await direct('POST', '/auth/two-factor/disable', { token, body: { password: PASSWORD } });
    expect(off.status).toBe(400);
    expect(messageOf(off)).toMatch(/requires two-factor sign-in/);
  });
});

describe('sessions', () => {
  const refreshWith = (cookie: string | undefined, options: DirectOptions = {}) =>
    direct<{ token: string }>('POST', '/auth/refresh', { ...options, cookies: { refresh: cookie ?? '' } });

  it('access tokens last 15 minutes; the refresh cookie renews them until the session has been idle 8 hours', async () => {
    const user = await createUser({ password: PASSWORD });
    const t0 = Date.now();
    setClock(() => t0);
    const { token, cookies } = await session(user.email);
    expect(cookies.refresh).toBeTruthy();
    setClock(() => t0 + (AUTH.tokenTtlSeconds + 5) * 1000);
    expect((await direct('GET', '/user/me', { token })).status).toBe(401);
    const renewed = await direct<{ token: string }>('POST', '/auth/refresh', {
      cookies: { refresh: cookies.refresh ?? '' },
    });
    expect(renewed.status, messageOf(renewed)).toBe(200);
    expect((await direct('GET', '/user/me', { token: renewed.body.data?.token })).status).toBe(200);
    // Used at t0 + 15 min; idle from then on. Each refresh answers with the cookie for the next one.
    setClock(() => t0 + (AUTH.tokenTtlSeconds + 5 + AUTH.sessionIdleSeconds - 60) * 1000);
    const later = await refreshWith(cookiesOf(renewed).refresh);
    expect(later.status, messageOf(later)).toBe(200);
    setClock(() => t0 + (AUTH.tokenTtlSeconds + 5 + 2 * AUTH.sessionIdleSeconds) * 1000);
    expect((await refreshWith(cookiesOf(later).refresh)).status).toBe(401);
  });

  it('every refresh sets a new refresh cookie; the one it replaced is refused once the grace is over', async () => {
    const user = await createUser({ password: PASSWORD });
    const t0 = freezeClock();
    const { cookies } = await session(user.email);
    const first = await refreshWith(cookies.refresh);
    expect(first.status, messageOf(first)).toBe(200);
    expect(first.cookies.join()).toMatch(
      /^refresh=[\w.-]+; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/,
    );
    const rotated = cookiesOf(first).refresh;
    expect(rotated?.split('.').slice(0, 2)).toEqual(cookies.refresh?.split('.').slice(0, 2));
    expect(rotated).not.toBe(cookies.refresh);
    const second = await refreshWith(rotated);
    expect(second.status, messageOf(second)).toBe(200);
    expect(cookiesOf(second).refresh).not.toBe(rotated);

    setClock(() => t0 + (AUTH.refreshReuseGraceSeconds + 1) * 1000);
    const replayed = await refreshWith(cookies.refresh);
    expect(replayed.status).toBe(401);
    expect(replayed.cookies).toEqual([]);
  });

  it('a refresh cookie used again after the grace ends its session: the holder is signed out too, and it is audited', async () => {
    const user = await createUser({ password: PASSWORD });
    const t0 = freezeClock();
    const signedIn = await session(user.email);
    const [, sessionId] = signedIn.cookies.refresh?.split('.') ?? [];
    // The owner refreshes; a copy of the cookie they had is tried later.
    const owner = await refreshWith(signedIn.cookies.refresh);
    expect(owner.status, messageOf(owner)).toBe(200);
    setClock(() => t0 + (AUTH.refreshReuseGraceSeconds + 1) * 1000);
    const thief = await refreshWith(signedIn.cookies.refresh, { ip: '203.0.113.66' });
    expect(thief.status).toBe(401);
    expect(messageOf(thief)).toBe('Unauthorized: Your session has ended; please sign in again');
    expect(thief.cookies).toEqual([]);
    // The whole session is over: the owner's newest cookie and token too.
    expect((await refreshWith(cookiesOf(owner).refresh)).status).toBe(401);
    expect((await direct('GET', '/user/me', { token: owner.body.data?.token })).status).toBe(401);
    expect((await listSessions(user._id)).map((s) => s._id)).not.toContain(sessionId);
    const audit = await listAudit({ userId: user._id, action: 'refreshReused', limit: 10 });
    expect(audit.list).toEqual([
      expect.objectContaining({ actorId: user._id, ip: '203.0.113.66', targetType: 'session', targetId: sessionId }),
    ]);

    // The other way round: a copy used first, then the owner with the cookie the copy was taken from.
    setClock(undefined);
    const again = await session(user.email);
    const copy = await refreshWith(again.cookies.refresh, { ip: '203.0.113.66' });
    expect(copy.status).toBe(200);
    setClock(() => Date.now() + (AUTH.refreshReuseGraceSeconds + 1) * 1000);
    expect((await refreshWith(again.cookies.refresh)).status).toBe(401);
    expect((await refreshWith(cookiesOf(copy).refresh, { ip: '203.0.113.66' })).status).toBe(401);
    expect((await direct('GET', '/user/me', { token: copy.body.data?.token })).status).toBe(401);
  });

  it('two tabs refreshing with one cookie at once both succeed, as does a retry of a refresh whose answer was lost', async () => {
    const user = await createUser({ password: PASSWORD });
    const t0 = freezeClock();
    const { cookies } = await session(user.email);
    const tabs = await Promise.all([refreshWith(cookies.refresh), refreshWith(cookies.refresh)]);
    for (const tab of tabs) {
      expect(tab.status, messageOf(tab)).toBe(200);
      expect((await direct('GET', '/user/me', { token: tab.body.data?.token })).status).toBe(200);
    }
    // Both answers set the same cookie, so whichever the browser keeps last is the session's current one.
    const [next] = tabs.map((tab) => cookiesOf(tab).refresh);
    expect(tabs.map((tab) => cookiesOf(tab).refresh)).toEqual([next, next]);
    expect(next).not.toBe(cookies.refresh);

    setClock(() => t0 + (AUTH.refreshReuseGraceSeconds - 1) * 1000);
    const retry = await refreshWith(cookies.refresh);
    expect(retry.status, messageOf(retry)).toBe(200);
    expect(cookiesOf(retry).refresh).toBe(next);
    const onwards = await refreshWith(next);
    expect(onwards.status, messageOf(onwards)).toBe(200);
    expect(cookiesOf(onwards).refresh).not.toBe(next);
  });

  it('sign-out ends the session: its token and its refresh cookie stop working', async () => {
    const user = await createUser({ password: PASSWORD });
    const { token, cookies } = await session(user.email);
    const out = await direct('POST', '/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.cookies.join()).toMatch(/refresh=; Path=\/api\/auth; Max-Age=0; HttpOnly; SameSite=Strict; Secure/);
    expect((await direct('GET', '/user/me', { token })).status).toBe(401);
    expect((await direct('POST', '/auth/refresh', { cookies: { refresh: cookies.refresh ?? '' } })).status).toBe(401);
  });

  it('refuses a tampered refresh cookie, and writes nothing: the session goes on', async () => {
    const user = await createUser({ password: PASSWORD });
    const { cookies } = await session(user.email);
    const [uid, sid, secret = ''] = cookies.refresh?.split('.') ?? [];
    const flipped = `${secret.slice(0, 10)}${secret[10] === 'A' ? 'B' : 'A'}${secret.slice(11)}`;
    for (const value of [`${uid}.${sid}.not-the-secret`, `${uid}.${sid}.${flipped}`, 'junk', `${uid}.${sid}`]) {
      expect((await direct('POST', '/auth/refresh', { cookies: { refresh: value } })).status, value).toBe(401);
    }
    expect((await refreshWith(cookies.refresh)).status).toBe(200);
    expect((await listAudit({ userId: user._id, action: 'refreshReused', limit: 10 })).list).toEqual([]);
  });

  it('lists my sessions; I can end one or all others, and those tokens stop at their next request', async () => {
    const user = await createUser({ password: PASSWORD });
    const a = await session(user.email, {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
    });
    const b = await session(user.email);
    const c = await session(user.email);
    const list = await direct<{ _id: string; current: boolean; device: string }[]>('GET', '/auth/sessions', {
      token: b.token,
    });
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data?.[0]?.current).toBe(true);
    expect(list.body.data?.map((s) => s.device)).toContain('Safari on iOS');
    const aId = list.body.data?.find((s) => s.device === 'Safari on iOS')?._id ?? '';
    expect((await direct('DELETE', `/auth/sessions/${aId}`, { token: b.token })).status).toBe(200);
    expect((await direct('GET', '/user/me', { token: a.token })).status).toBe(401);
    const others = await direct<{ ended: number }>('POST', '/auth/sessions/end-others', { token: b.token });
    expect(others.body.data?.ended).toBe(1);
    expect((await direct('GET', '/user/me', { token: c.token })).status).toBe(401);
    expect((await direct('GET', '/user/me', { token: b.token })).status).toBe(200);
  });

  it('another user cannot end my session', async () => {
    const me = await createUser({ password: PASSWORD });
    const other = await createUser({ password: PASSWORD });
    const mine = await session(me.email);
    const theirs = await session(other.email);
    const [myId] = (
      (await direct<{ _id: string }[]>('GET', '/auth/sessions', { token: mine.token })).body.data ?? []
    ).map((s) => s._id);
    expect((await direct('DELETE', `/auth/sessions/${myId}`, { token: theirs.token })).status).toBe(404);
    expect((await direct('GET', '/user/me', { token: mine.token })).status).toBe(200);
  });

  it('a block ends every session at once, refresh included', async () => {
    const user = await createUser({ password: PASSWORD });
    const { token, cookies } = await session(user.email);
    const stored = await getUserById(user._id);
    if (!stored) throw new Error('user vanished');
    await replaceUser(stored, {
      ...stored,
      status: 'Disable',
      tokenVersion: stored.tokenVersion + 1,
      version: stored.version + 1,
    });
    expect((await direct('GET', '/user/me', { token })).status).toBe(401);
    expect((await direct('POST', '/auth/refresh', { cookies: { refresh: cookies.refresh ?? '' } })).status).toBe(401);
  });
});

/** Turns two-factor sign-in on for a signed-in user at `at`: the secret, the recovery codes and the device cookie. */
async function turnOnTwoFactor(token: string, at: number) {
  const setup = await direct<TwoFactorSetup>('POST', '/auth/two-factor/setup', { token });
  const secret = setup.body.data?.secret ?? '';
  const enabled = await direct<RecoveryCodes>('POST', '/auth/two-factor/enable', {
    token,
    body: { code: codeFor(secret, at), password: PASSWORD },
  });
  expect(enabled.status, messageOf(enabled)).toBe(200);
  return { secret, recoveryCodes: enabled.body.data?.recoveryCodes ?? [], device: cookiesOf(enabled).device ?? '' };
}

/** A six-digit code that is right for none of the steps the server accepts at `at` (±1). */
function wrongCode(secret: string, at: number): string {
  const step = TOTP_RULES.periodSeconds * 1000;
  const valid = new Set([at - step, at, at + step].map((t) => codeFor(secret, t)));
  let n = 123456;
  while (valid.has(String(n))) n += 1;
  return String(n);
}

/** The password step: its challenge, for the code step. */
async function challengeOf(email: string, options: DirectOptions = {}): Promise<string> {
  const res = await signIn(email, PASSWORD, options);
  expect(res.status, messageOf(res)).toBe(200);
  return (res.body.data as { challenge: string }).challenge;
}

const codeStep = (challenge: string, code: string, options: DirectOptions = {}) =>
  direct<{ token: string }>('POST', '/auth/login/two-factor', { ...options, body: { challenge, code } });

describe('turning two-factor sign-in on takes the password', () => {
  it('refuses it without the password, or with a wrong one, and writes nothing; with it, it is on', async () => {
    const user = await createUser({ password: PASSWORD });
    const { token } = await session(user.email, { ip: nextIp() });
    const at = freezeClock();
    const setup = await direct<TwoFactorSetup>('POST', '/auth/two-factor/setup', { token });
    const secret = setup.body.data?.secret ?? '';
    const enable = (body: Record<string, string>) =>
      direct<RecoveryCodes>('POST', '/auth/two-factor/enable', { token, body });

    // What someone holding only a stolen access token can send.
    const tokenOnly = await enable({ code: codeFor(secret, at) });
    expect(tokenOnly.status).toBe(400);
    expect(messageOf(tokenOnly)).toBe('ValidationError: Password is required');
    const guessed = await enable({ code: codeFor(secret, at), password: 'Not-The-Password-1' });
    expect(guessed.status).toBe(400);
    expect(messageOf(guessed)).toBe('ValidationError: Your password is not correct');
    expect((await getTwoFactor(user._id))?.enabled).toBe(false);

    const on = await enable({ code: codeFor(secret, at), password: PASSWORD });
    expect(on.status, messageOf(on)).toBe(200);
    expect(on.body.data?.recoveryCodes).toHaveLength(AUTH.recoveryCodeCount);
    expect((await getTwoFactor(user._id))?.enabled).toBe(true);
    expect(cookiesOf(on).device).toMatch(/^[\w-]+\.[\da-z]+\.[\w-]+$/);
  });
});

describe('guessing authenticator codes with the password', () => {
  it('tests at most the daily budget of codes, however the guesses are spread over the day; the next day has its own', async () => {
    const user = await createUser({ password: PASSWORD });
    const t0 = freezeClock();
    const { secret } = await turnOnTwoFactor((await session(user.email, { ip: nextIp() })).token, t0);
    const attacker = nextIp();
    // One guess every twenty minutes for a day, each with a challenge of its own (the password is known).
    const day = AUTH.codeWindowSeconds * 1000;
    let checked = 0;
    let at = t0;
    for (; at < t0 + day; at += 20 * 60 * 1000) {
      const now = at;
      setClock(() => now);
      const res = await codeStep(await challengeOf(user.email, { ip: attacker }), wrongCode(secret, now), {
        ip: attacker,
      });
      if (res.status === 400) checked += 1;
      else {
        expect(res.status).toBe(429);
        expect(messageOf(res)).toBe(
          'TooManyRequests: Too many wrong codes; wait and try again, or sign in with a recovery code',
        );
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(AUTH.codeWindowSeconds);
      }
    }
    expect(checked).toBe(AUTH.codeFailuresPerWindow);
    // A day after the first wrong code, the budget is whole again.
    const nextDay = t0 + day + 1000;
    setClock(() => nextDay);
    const res = await codeStep(await challengeOf(user.email, { ip: attacker }), wrongCode(secret, nextDay), {
      ip: attacker,
    });
    expect(res.status, messageOf(res)).toBe(400);
    // Under 0.1% a month: the arithmetic is beside AUTH.codeFailuresPerWindow.
    expect(32 * AUTH.codeFailuresPerWindow * (3 / 10 ** 6)).toBeLessThan(0.001);
  });

  it('parallel guesses over many challenges test at most the budget', async () => {
    const user = await createUser({ password: PASSWORD });
    const at = freezeClock();
    const { secret } = await turnOnTwoFactor((await session(user.email, { ip: nextIp() })).token, at);
    const ip = nextIp();
    const challenges: string[] = [];
    for (let i = 0; i < 20; i++) challenges.push(await challengeOf(user.email, { ip }));
    const results = await Promise.all(
      challenges.flatMap((c) => Array.from({ length: 5 }, () => codeStep(c, wrongCode(secret, at), { ip }))),
    );
    expect(results.filter((r) => r.status === 400).length).toBeLessThanOrEqual(AUTH.codeFailuresPerWindow);
    expect(results.every((r) => r.status === 400 || r.status === 429)).toBe(true);
  });

  it('the owner still gets in: their known browser has its own budget, and recovery codes have none to use up', async () => {
    const user = await createUser({ password: PASSWORD });
    // A device cookie from before two-factor was on (say, the guesser signed in with the password back then).
    const before = await session(user.email, { ip: nextIp() });
    const at = freezeClock();
    const { secret, recoveryCodes, device } = await turnOnTwoFactor(before.token, at);
    const attacker = nextIp();
    for (let i = 0; i < AUTH.codeFailuresPerWindow + 3; i++) {
      await codeStep(await challengeOf(user.email, { ip: attacker }), wrongCode(secret, at), { ip: attacker });
    }
    // Every browser without the owner's cookie waits, even with the right code, and the old cookie is no better.
    const browsers: Record<string, string>[] = [{}, { device: before.cookies.device ?? '' }];
    for (const cookies of browsers) {
      const res = await codeStep(await challengeOf(user.email, { ip: attacker, cookies }), codeFor(secret, at), {
        ip: attacker,
        cookies,
      });
      expect(res.status).toBe(429);
    }
    // At the same moment, the owner's browser: wrong codes count on its own, and the right one signs in.
    const home = nextIp();
    const mine = { device };
    for (let i = 0; i < 2; i++) {
      const res = await codeStep(await challengeOf(user.email, { ip: home, cookies: mine }), wrongCode(secret, at), {
        ip: home,
        cookies: mine,
      });
      expect(res.status).toBe(400);
    }
    // (The code of the next step: the step of `at` was taken by turning two-factor on.)
    const nextCode = codeFor(secret, at + TOTP_RULES.periodSeconds * 1000);
    const owner = await codeStep(await challengeOf(user.email, { ip: home, cookies: mine }), nextCode, {
      ip: home,
      cookies: mine,
    });
    expect(owner.status, messageOf(owner)).toBe(200);
    // On a new browser, a recovery code.
    const elsewhere = nextIp();
    const recovered = await codeStep(await challengeOf(user.email, { ip: elsewhere }), recoveryCodes[0] ?? '', {
      ip: elsewhere,
    });
    expect(recovered.status, messageOf(recovered)).toBe(200);
  });
});

describe('device cookies end with a password change or reset', () => {
  async function twoBrowsers(email: string) {
    const a = await session(email, { ip: nextIp() });
    const b = await session(email, { ip: nextIp() });
    return [a.cookies.device ?? '', b.cookies.device ?? ''];
  }

  /** Wrong passwords from one address: 20 without a cookie, then 20 with each old cookie. How many were checked. */
  async function checkedGuesses(email: string, oldCookies: string[]): Promise<number> {
    freezeClock();
    const ip = nextIp();
    let checked = 0;
    for (const cookies of [{}, ...oldCookies.map((device) => ({ device }))]) {
      for (let i = 0; i < 20; i++) {
        if ((await signIn(email, `guess-${i}`, { ip, cookies })).status === 400) checked += 1;
      }
    }
    return checked;
  }

  it('after an admin sets the password, old cookies buy no allowance of their own', async () => {
    const user = await createUser({ password: PASSWORD });
    const cookies = await twoBrowsers(user.email);
    const root = await signIn(admin.email, admin.password, { ip: nextIp() });
    const reset = await direct('PATCH', '/user', {
      token: (root.body.data as { token: string }).token,
      body: { _id: user._id, password: 'Reset-Pass-2026', confirmPassword: 'Reset-Pass-2026' },
    });
    expect(reset.status, messageOf(reset)).toBe(200);
    expect(await checkedGuesses(user.email, cookies)).toBe(AUTH.freeFailures);
    setClock(undefined);
    // The owner with the new password from an old browser gets a cookie of the new password.
    const back = await signIn(user.email, 'Reset-Pass-2026', { ip: nextIp(), cookies: { device: cookies[0] ?? '' } });
    expect(back.status, messageOf(back)).toBe(200);
    expect(cookiesOf(back).device).toBeTruthy();
    expect(cookiesOf(back).device).not.toBe(cookies[0]);
  });

  it('after the owner changes their own password, too', async () => {
    const user = await createUser({ password: PASSWORD });
    const cookies = await twoBrowsers(user.email);
    const { token } = await session(user.email, { ip: nextIp() });
    const changed = await direct('PATCH', '/user', {
      token,
      body: { currentPassword: PASSWORD, password: 'Changed-Pass-2026', confirmPassword: 'Changed-Pass-2026' },
    });
    expect(changed.status, messageOf(changed)).toBe(200);
    expect(await checkedGuesses(user.email, cookies)).toBe(AUTH.freeFailures);
  });
});

describe('refusals in the audit trail', () => {
  const entries = async (userId: string, action: Parameters<typeof listAudit>[0]['action']) =>
    (await listAudit({ userId, action, limit: 100 })).list;

  it('a blocked user who gives the right password', async () => {
    const user = await createUser({ password: PASSWORD, status: 'Disable' });
    const ip = nextIp();
    const res = await signIn(user.email, PASSWORD, { ip });
    expect(messageOf(res)).toBe('AuthError: This account is blocked; please contact admin');
    expect(await entries(user._id, 'signInBlocked')).toEqual([
      expect.objectContaining({ actorId: user._id, email: user.email, ip }),
    ]);
  });

  it('a wrong current password: changing one’s own password, turning two-factor on or off, new recovery codes', async () => {
    const user = await createUser({ password: PASSWORD });
    const { token } = await session(user.email, { ip: nextIp() });
    const ip = nextIp();
    const own = await direct('PATCH', '/user', {
      token,
      ip,
      body: { currentPassword: 'Wrong-Pass-1', password: 'Changed-Pass-1', confirmPassword: 'Changed-Pass-1' },
    });
    expect(own.status).toBe(400);
    const at = freezeClock();
    const setup = await direct<TwoFactorSetup>('POST', '/auth/two-factor/setup', { token });
    const secret = setup.body.data?.secret ?? '';
    const enableWrongPassword = await direct('POST', '/auth/two-factor/enable', {
      token,
      ip,
      body: { code: codeFor(secret, at), password: 'Wrong-Pass-2' },
    });
    expect(enableWrongPassword.status).toBe(400);
    const enableWrongCode = await direct('POST', '/auth/two-factor/enable', {
      token,
      ip,
      body: { code: wrongCode(secret, at), password: PASSWORD },
    });
    expect(messageOf(enableWrongCode)).toMatch(/^ValidationError: That code is not valid/);
    await turnOnTwoFactor(token, at + TOTP_RULES.periodSeconds * 1000);
    for (const path of ['/auth/two-factor/disable', '/auth/two-factor/recovery-codes']) {
      expect((await direct('POST', path, { token, ip, body: { password: 'Wrong-Pass-3' } })).status).toBe(400);
    }
    const notes = (await entries(user._id, 'passwordCheckFailed')).map((e) => [e.note, e.ip]);
    expect(notes.sort()).toEqual(
      [
        ['Asking for new recovery codes', ip],
        ['Changing their own password', ip],
        ['Turning off two-factor sign-in', ip],
        ['Turning on two-factor sign-in', ip],
      ].sort(),
    );
    expect(await entries(user._id, 'twoFactorSetupFailed')).toEqual([expect.objectContaining({ ip })]);
  });

  it('refused attempts: one entry per counter per hour, with how many, however many arrive at once', async () => {
    const user = await createUser({ password: PASSWORD });
    const hour = AUTH.throttleAuditWindowSeconds * 1000;
    const start = Math.floor(Date.now() / hour) * hour + hour - 60_000;
    setClock(() => start);
    const ip = nextIp();
    const statuses = await guess(user.email, 25, () => ip);
    const parallel = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(user.email, `p-${i}`, { ip })));
    const refused = [...statuses, ...parallel.map((r) => r.status)].filter((s) => s === 429).length;
    expect(refused).toBe(65 - AUTH.freeFailures);
    const first = await entries(user._id, 'signInThrottled');
    expect(first).toEqual([
      expect.objectContaining({
        actorId: user._id,
        email: user.email,
        ip,
        count: refused,
        note: 'Passwords for this email from this address',
        at: new Date(start - (start % hour)).toISOString(),
      }),
    ]);
    // Two minutes on, another hour: the next refusal starts a second entry.
    setClock(() => start + 120_000);
    const more = await guess(user.email, 3, () => ip);
    expect(more.filter((s) => s === 429)).toHaveLength(2);
    const both = await entries(user._id, 'signInThrottled');
    expect(both.map((e) => e.count)).toEqual([2, refused]);
  });
});

describe('a burst at an email never seen before', () => {
  it('100 parallel wrong passwords for an email no counter and no user has check at most the free attempts', async () => {
    const email = `never-seen-${run}-${sequence}@example.com`;
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(email, `first-${i}`, { ip })));
    expect(results.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    const checked = results.filter((r) => r.status === 400).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(AUTH.freeFailures);
  });
});
