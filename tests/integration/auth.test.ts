import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { setClock } from '../../functions/lib/clock';
import { newId, nowIso } from '../../functions/lib/ids';
import { insertRole } from '../../functions/role/model';
import { getUserById, replaceUser } from '../../functions/user/model';
import { AUTH } from '../../shared/constants';
import { direct, messageOf } from './direct';
import { createUser } from './factories';
import { admin, apiUrl, call, errorText, login } from './helpers';

const secret = process.env.JWT_SECRET as string;
const claimsOf = (token: string) => jwt.decode(token) as { sub: string; tv: number; exp: number; iat: number };

describe('POST /auth/login', () => {
  it('returns a token and the user without secrets, matching the email case-insensitively', async () => {
    const res = await call<{ token: string; user: Record<string, unknown> }>('POST', '/auth/login', {
      body: { email: admin.email.toUpperCase(), password: admin.password },
    });
    expect(res.status).toBe(200);
    const { token, user } = res.body.data ?? { token: '', user: {} };
    expect(jwt.decode(token, { complete: true })?.header.alg).toBe('HS256');
    const claims = claimsOf(token);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(15 * 60);
    expect(user).toMatchObject({ email: admin.email, name: admin.name, isSuperAdmin: true });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('tokenVersion');
  });

  it('refuses a wrong password and an unknown email with the same 400 message', async () => {
    const user = await createUser();
    const wrong = await call('POST', '/auth/login', { body: { email: user.email, password: 'not-it-at-all' } });
    const unknown = await call('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'x' } });
    expect(wrong.status).toBe(400);
    expect(errorText(wrong)).toBe('AuthError: Invalid email or password');
    expect(unknown.status).toBe(400);
    expect(errorText(unknown)).toBe('AuthError: Invalid email or password');
  });

  it.each([
    [
      'malformed JSON',
      { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } },
      'BadRequest: The request body is not valid JSON',
    ],
    ['a missing email', { body: { password: 'x' } }, 'ValidationError: Email is required'],
    ['an invalid email', { body: { email: 'not-an-email', password: 'x' } }, 'ValidationError: Email is not valid'],
    ['a missing password', { body: { email: 'a@example.com' } }, 'ValidationError: Password is required'],
    [
      'a password of the wrong type',
      { body: { email: 'a@example.com', password: 12345 } },
      'ValidationError: Password is required',
    ],
    ['a JSON array body', { body: [1, 2] }, 'ValidationError: Invalid input: expected object, received array'],
    [
      'a password over 72 bytes',
      { body: { email: 'a@example.com', password: 'é'.repeat(40) } },
      `ValidationError: Password must be at most ${AUTH.maxPasswordBytes} bytes`,
    ],
  ])('answers 400 with the error shape for %s', async (_name, options, message) => {
    const res = await call('POST', '/auth/login', options);
    expect(res.status).toBe(400);
    expect(errorText(res)).toBe(message);
  });

  it('refuses a JSON body over 1 MB with 413 and one over 10 MB at the gateway', async () => {
    const big = await call('POST', '/auth/login', {
      body: { email: 'a@example.com', password: 'x'.repeat(1_100_000) },
    });
    expect(big.status).toBe(413);
    expect(errorText(big)).toMatch(/^PayloadTooLarge: /);
    const huge = await call('POST', '/auth/login', { rawBody: Buffer.alloc(11 * 1024 * 1024, 32) });
    expect(huge.status).toBe(413);
  });

  it('past the free attempts a guess is refused with 429 and Retry-After, before any password check', async () => {
    // Sent at once, on a stopped clock: each attempt reserves its slot with one conditional write before the
    // password is checked, so only the free attempts are checked and the rest are refused, however slowly the
    // machine serves the burst. (On a running clock the 6th may come after the first delay, 1 s, has passed: that
    // is the design, exponential delays; they are tested in sign-in-security.test.ts.) `direct` runs the handler
    // in this process, where setClock reaches it, bundle or source (functions/lib/process-wide.ts).
    const user = await createUser({ password: 'Right-Password-1' });
    const now = Date.now();
    setClock(() => now);
    try {
      const burst = await Promise.all(
        Array.from({ length: AUTH.freeFailures + 7 }, (_, i) =>
          direct('POST', '/auth/login', { body: { email: user.email, password: `wrong-${i}` } }),
        ),
      );
      expect(burst.filter((res) => res.status === 400).length).toBeLessThanOrEqual(AUTH.freeFailures);
      const refused = burst.filter((res) => res.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(7);
      for (const res of refused) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(messageOf(res)).toMatch(/^TooManyRequests: /);
      }
    } finally {
      setClock(undefined);
    }
  });

  it('refuses a blocked user', async () => {
    const user = await createUser({ status: 'Disable', password: 'Blocked-Pass-1' });
    const res = await call('POST', '/auth/login', { body: { email: user.email, password: 'Blocked-Pass-1' } });
    expect(res.status).toBe(400);
    expect(errorText(res)).toBe('AuthError: This account is blocked; please contact admin');
  });
});

describe('requests a page of another site makes (login CSRF)', () => {
  // What a browser sends for the site's own pages: the stack serves the app and the API on one origin.
  const ownOrigin = new URL(apiUrl).origin;
  const credentials = JSON.stringify({ email: admin.email, password: admin.password });
  const signIn = (headers: Record<string, string>, rawBody = credentials) =>
    call<{ token: string }>('POST', '/auth/login', { rawBody, headers });

  it('a sign-in body not declared JSON gets 415 and no cookie, as a form of another site would send it', async () => {
    // <form enctype="text/plain"> with one field named `{"email":…,"password":…,"x":"` and the value `"}`.
    const formText = `${credentials.slice(0, -1)},"x":"="}`;
    for (const [type, body] of [
      ['text/plain;charset=UTF-8', formText],
      ['application/x-www-form-urlencoded', `email=${encodeURIComponent(admin.email)}&password=x`],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--`],
    ] as const) {
      const res = await signIn({ 'content-type': type }, body);
      expect(res.status, type).toBe(415);
      expect(errorText(res), type).toBe(
        'UnsupportedMediaType: Send the request body as JSON (Content-Type: application/json)',
      );
      expect(res.headers.get('set-cookie'), type).toBeNull();
    }
    const json = await signIn({ 'content-type': 'application/json; charset=utf-8' });
    expect(json.status).toBe(200);
    expect(json.headers.get('set-cookie')).toMatch(/^refresh=/);
  });

  it('a sign-in or refresh from a page of another site gets 403 and no cookie; the site’s own pages get in', async () => {
    const json = { 'content-type': 'application/json' };
    const refused = 'Forbidden: Sign in from the admin site itself: requests from other sites are refused';
    const crossSite: Record<string, string>[] = [
      { origin: 'https://attacker.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://other.localhost' },
    ];
    for (const headers of crossSite) {
      const res = await signIn({ ...json, ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(errorText(res)).toBe(refused);
      expect(res.headers.get('set-cookie')).toBeNull();
    }

    const own = await signIn({ ...json, origin: ownOrigin });
    expect(own.status).toBe(200);
    const refresh = /refresh=([^;]+)/.exec(own.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect((await signIn({ ...json, 'sec-fetch-site': 'same-origin', origin: ownOrigin })).status).toBe(200);

    const crossRefresh = await call('POST', '/auth/refresh', {
      headers: { cookie: `refresh=${refresh}`, origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossRefresh.status).toBe(403);
    expect(errorText(crossRefresh)).toBe(refused);
    expect(crossRefresh.headers.get('set-cookie')).toBeNull();
    // The refusal changed nothing: the same cookie renews from the site's own page.
    const sameRefresh = await call<{ token: string }>('POST', '/auth/refresh', {
      headers: { cookie: `refresh=${refresh}`, origin: ownOrigin, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameRefresh.status).toBe(200);
    expect(sameRefresh.headers.get('set-cookie')).toMatch(/^refresh=/);
  });
});

describe('GET /user/me and tokens', () => {
  it('returns the signed-in user with the permissions of enabled roles only', async () => {
    const now = nowIso();
    const editor = { _id: newId(), name: `Editor ${randomUUID()}`, description: 'd', status: 'Enable' as const };
    const disabled = { _id: newId(), name: `Off ${randomUUID()}`, description: 'd', status: 'Disable' as const };
    for (const r of [editor, disabled]) {
      await insertRole({
        ...r,
        isEditable: true,
        modelPermissions: r === editor ? { Cms: ['Read', 'Edit'] } : { User: ['Edit'] },
        createdAt: now,
        updatedAt: now,
        version: 1,
      });
    }
    const user = await createUser({ roles: [editor._id, disabled._id], password: 'Role-Pass-1' });
    const token = await login(user.email, 'Role-Pass-1');
    const me = await call<{ modelPermissions: unknown; roles: unknown; isSuperAdmin: boolean }>('GET', '/user/me', {
      token,
    });
    expect(me.status).toBe(200);
    expect(me.body.data?.modelPermissions).toEqual({ Cms: ['Read', 'Edit'] });
    expect(me.body.data?.isSuperAdmin).toBe(false);
    expect(me.body.data?.roles).toEqual([
      { _id: editor._id, name: editor.name },
      { _id: disabled._id, name: disabled.name },
    ]);
    // The disabled role's User:Edit grants nothing on the server either.
    expect((await call('GET', '/user', { token })).status).toBe(403);
  });

  it('answers 401 with the error shape for a missing, malformed, tampered, unsigned or expired token', async () => {
    const user = await createUser({ password: 'Token-Pass-1' });
    const good = await login(user.email, 'Token-Pass-1');
    const [head, payload] = good.split('.');
    const claims = { sub: user._id, tv: 0 };
    const forged = {
      missing: undefined,
      garbage: 'not-a-token',
      tampered: `${head}.${Buffer.from(JSON.stringify({ ...claimsOf(good), sub: newId() })).toString('base64url')}.${good.split('.')[2]}`,
      algNone: `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`,
      otherSecret: jwt.sign(claims, 'x'.repeat(48), {
        algorithm: 'HS256',
        issuer: AUTH.issuer,
        audience: AUTH.audience,
        expiresIn: 60,
      }),
      expired: jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, secret, {
        algorithm: 'HS256',
        issuer: AUTH.issuer,
        audience: AUTH.audience,
      }),
      wrongAudience: jwt.sign(claims, secret, {
        algorithm: 'HS256',
        issuer: AUTH.issuer,
        audience: 'someone-else',
        expiresIn: 60,
      }),
      hs512: jwt.sign(claims, secret, {
        algorithm: 'HS512',
        issuer: AUTH.issuer,
        audience: AUTH.audience,
        expiresIn: 60,
      }),
    };
    for (const [name, token] of Object.entries(forged)) {
      const res = await call('GET', '/user/me', { token });
      expect(res.status, name).toBe(401);
      expect(errorText(res), name).toMatch(/^Unauthorized: /);
    }
    expect((await call('GET', '/user/me', { token: good })).status).toBe(200);
  });

  it('ends old sessions when the token version is bumped, and refuses a blocked user at once', async () => {
    const user = await createUser({ password: 'Session-Pass-1' });
    const token = await login(user.email, 'Session-Pass-1');
    expect((await call('GET', '/user/me', { token })).status).toBe(200);
    await replaceUser(user, { ...user, tokenVersion: user.tokenVersion + 1, version: user.version + 1 });
    expect((await call('GET', '/user/me', { token })).status).toBe(401);

    const fresh = await login(user.email, 'Session-Pass-1');
    const stored = await getUserById(user._id);
    if (!stored) throw new Error('user vanished');
    await replaceUser(stored, { ...stored, status: 'Disable', version: stored.version + 1 });
    const res = await call('GET', '/user/me', { token: fresh });
    expect(res.status).toBe(401);
    expect(errorText(res)).toBe('Unauthorized: This account is blocked; please contact admin');
  });
});

describe('routing and the error shape', () => {
  it('answers an unknown route with 404 and a wrong method with 405, both in the error shape', async () => {
    const missing = await call('GET', '/no-such-thing');
    expect(missing.status).toBe(404);
    expect(errorText(missing)).toBe('NotFound: There is no such API route');
    const wrongMethod = await call('DELETE', '/user/me');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });

  it('checks permissions before anything else: a user without roles gets 403 with the denial text', async () => {
    const user = await createUser({ password: 'NoRole-Pass-1' });
    const token = await login(user.email, 'NoRole-Pass-1');
    const res = await call('GET', '/client', { token });
    expect(res.status).toBe(403);
    expect(errorText(res)).toBe(
      'Forbidden: You do not have permissions to perform this action, please contact admin to gain access',
    );
  });

  it('accepts the paths of CONTRACT.md §7 with a trailing slash and sends security headers', async () => {
    const token = await login(admin.email, admin.password);
    const res = await call('GET', '/category/', { token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves public branding without a token', async () => {
    const res = await call('GET', '/site-management/siteDetail');
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('data');
  });
});
