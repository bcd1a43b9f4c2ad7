import { describe, expect, it } from 'vitest';
import { api, RENEW_BEFORE_MS } from '../../web/src/api/client';
import { expiresSoon, tokenExpiresAt } from '../../web/src/api/token';
import { json, stubBrowser } from './web-fakes';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned JWT-shaped token expiring `inSeconds` from now (the client only reads `exp`). */
const jwtExpiringIn = (inSeconds: number, tag = 'x') =>
  `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ exp: Math.floor(Date.now() / 1000) + inSeconds, tag })}.sig`;

const { storage, reload, fetch: fetchMock } = stubBrowser();

const authOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>).Authorization;
const urlsCalled = () => fetchMock.mock.calls.map((call) => String(call[0]));

describe('access token expiry', () => {
  it('reads exp from a JWT without checking it, and nothing from other strings', () => {
    const token = jwtExpiringIn(600);
    expect(tokenExpiresAt(token)).toBeGreaterThan(Date.now() + 590_000);
    expect(tokenExpiresAt('not-a-token')).toBeUndefined();
    expect(tokenExpiresAt('a.!!!.c')).toBeUndefined();
    expect(expiresSoon(jwtExpiringIn(30), RENEW_BEFORE_MS)).toBe(true);
    expect(expiresSoon(jwtExpiringIn(600), RENEW_BEFORE_MS)).toBe(false);
    expect(expiresSoon('opaque', RENEW_BEFORE_MS)).toBe(false);
  });
});

describe('silent renewal', () => {
  it('renews a token about to expire before the call, once for calls made together', async () => {
    const old = jwtExpiringIn(30, 'old');
    const fresh = jwtExpiringIn(900, 'new');
    storage.setItem('token', old);
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/auth/refresh') ? json(200, { data: { token: fresh } }) : json(200, { data: 'ok' }),
    );
    await Promise.all([api('GET /user/me'), api('GET /dashboard'), api('GET /auth/sessions')]);
    expect(urlsCalled().filter((u) => u.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(storage.getItem('token')).toBe(fresh);
    for (const call of fetchMock.mock.calls.filter((c) => !String(c[0]).endsWith('/auth/refresh'))) {
      expect(authOf(call)).toBe(`Bearer ${fresh}`);
    }
    const refresh = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/auth/refresh'));
    expect(refresh?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(authOf(refresh ?? [])).toBeUndefined();
  });

  it('after a 401 renews once and makes the call again with the new token', async () => {
    storage.setItem('token', 'refused');
    const fresh = jwtExpiringIn(900);
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/refresh')) return json(200, { data: { token: fresh } });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === `Bearer ${fresh}` ? json(200, { data: { name: 'Ada' } }) : json(401, { message: 'x' });
    });
    await expect(api('GET /user/me')).resolves.toEqual({ name: 'Ada' });
    expect(urlsCalled()).toEqual(['/api/user/me', '/api/auth/refresh', '/api/user/me']);
    expect(reload).not.toHaveBeenCalled();
  });

  it('when the session has ended, clears the token and reloads without retrying', async () => {
    storage.setItem('token', 'refused');
    fetchMock.mockImplementation(async () => json(401, { message: { msg: 'Unauthorized: Your session has ended' } }));
    await expect(api('GET /user/me')).rejects.toMatchObject({ status: 401 });
    expect(urlsCalled()).toEqual(['/api/user/me', '/api/auth/refresh']);
    expect(storage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the server cannot renew just now', async () => {
    storage.setItem('token', 'refused');
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/auth/refresh') ? json(503, {}) : json(401, { message: 'x' }),
    );
    await expect(api('GET /user/me')).rejects.toMatchObject({ status: 0 });
    expect(storage.getItem('token')).toBe('refused');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a quiet call (sign-out) only fails on a 401', async () => {
    storage.setItem('token', 'refused');
    fetchMock.mockImplementation(async () => json(401, {}));
    await expect(api('POST /auth/logout', { quietUnauthorized: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('uses a token another tab renewed meanwhile instead of asking again', async () => {
    storage.setItem('token', 'refused');
    const renewedElsewhere = jwtExpiringIn(900);
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === 'Bearer refused') {
        storage.setItem('token', renewedElsewhere);
        return json(401, {});
      }
      return json(200, { data: 'ok' });
    });
    await expect(api('GET /user/me')).resolves.toBe('ok');
    expect(urlsCalled()).toEqual(['/api/user/me', '/api/user/me']);
  });
});
