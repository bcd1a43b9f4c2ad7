/**
 * Attacks on sign-in, replayed against the auth Lambda as it runs behind CloudFront (direct.ts):
 * parallel guesses, lock-out as a weapon against an owner or an office, forged addresses, and TOTP.
 */
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../functions/lib/clock';
import { getUserById, replaceUser } from '../../functions/user/repo';
import { AUTH, TOTP as TOTP_RULES } from '../../shared/constants';
import type { LoginResult, RecoveryCodes, TwoFactorSetup } from '../../shared/schemas/auth';
import { cookiesOf, type DirectOptions, direct, messageOf } from './direct';
import { createRole, createUser } from './helpers';

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
    expect(cookies.device).toMatch(/^[\w-]+\.[\w-]+$/);
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
      (await direct('POST', '/auth/two-factor/enable', { token: first.token, body: { code: codeFor(secret, now) } }))
        .status,
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
    expect((await direct('POST', '/auth/two-factor/enable', { token, body: { code: '000000' } })).status).toBe(400);
    const enabled = await direct<RecoveryCodes>('POST', '/auth/two-factor/enable', {
      token,
      body: { code: codeFor(secret, clockAt) },
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
    const { getTwoFactor } = await import('../../functions/two-factor/repo');
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
      body: { code: codeFor(setup.body.data?.secret ?? '', at) },
    });
    expect(enabled.status, messageOf(enabled)).toBe(200);
    expect((await direct('GET', '/category/', { token })).status).toBe(200);
    const off = await direct('POST', '/auth/two-factor/disable', { token, body: { password: PASSWORD } });
    expect(off.status).toBe(400);
    expect(messageOf(off)).toMatch(/requires two-factor sign-in/);
  });
});

describe('sessions', () => {
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
    // Used at t0 + 15 min; idle from then on.
    setClock(() => t0 + (AUTH.tokenTtlSeconds + 5 + AUTH.sessionIdleSeconds - 60) * 1000);
    expect((await direct('POST', '/auth/refresh', { cookies: { refresh: cookies.refresh ?? '' } })).status).toBe(200);
    setClock(() => t0 + (AUTH.tokenTtlSeconds + 5 + 2 * AUTH.sessionIdleSeconds) * 1000);
    expect((await direct('POST', '/auth/refresh', { cookies: { refresh: cookies.refresh ?? '' } })).status).toBe(401);
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

  it('refuses a tampered refresh cookie', async () => {
    const user = await createUser({ password: PASSWORD });
    const { cookies } = await session(user.email);
    const [uid, sid] = cookies.refresh?.split('.') ?? [];
    for (const value of [`${uid}.${sid}.not-the-secret`, 'junk', `${uid}.${sid}`]) {
      expect((await direct('POST', '/auth/refresh', { cookies: { refresh: value } })).status, value).toBe(401);
    }
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
