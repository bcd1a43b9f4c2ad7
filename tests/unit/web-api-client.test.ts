import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiUrl, errorText } from '../../web/src/api/client';
import { fakeStorage, json } from './web-fakes';

let storage: Storage;
let reload: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  storage = fakeStorage();
  reload = vi.fn();
  fetchMock = vi.fn();
  vi.stubGlobal('window', { localStorage: storage, location: { reload } });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('web API client', () => {
  it('builds /api urls and leaves out empty query values', () => {
    expect(apiUrl('/cms', { page: 2, search: '', status: undefined, isRecent: true })).toBe(
      '/api/cms?page=2&isRecent=true',
    );
    expect(apiUrl('/user/me')).toBe('/api/user/me');
  });

  it('reads the text after the first colon of message.msg', () => {
    expect(errorText({ message: { msg: 'AuthError: Invalid email or password' } })).toBe('Invalid email or password');
    expect(errorText({ message: { msg: 'Conflict: a: b' } })).toBe('a: b');
    expect(errorText('nope')).toBeUndefined();
  });

  it('sends the bearer token and unwraps data', async () => {
    storage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(json(200, { data: { name: 'Ada' } }));
    await expect(api('/user/me')).resolves.toEqual({ name: 'Ada' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('does not send the token when asked not to (login)', async () => {
    storage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(json(200, { data: { token: 't' } }));
    await api('/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'x' }, auth: false });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe('{"email":"a@b.c","password":"x"}');
  });

  it('throws ApiError with the status and readable text', async () => {
    fetchMock.mockResolvedValue(json(400, { message: { msg: 'AuthError: Invalid email or password' } }));
    const error = await api('/auth/login', { method: 'POST', body: {}, auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid email or password' });
  });

  it('on a 401 clears the token and reloads, but only when a token was stored', async () => {
    storage.setItem('token', 'expired');
    fetchMock.mockImplementation(async () => json(401, { message: { msg: 'Unauthorized: Token expired' } }));
    await expect(api('/user/me')).rejects.toMatchObject({ status: 401 });
    expect(storage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);

    await expect(api('/user/me')).rejects.toMatchObject({ status: 401 });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(api('/user/me')).rejects.toMatchObject({ status: 0 });
  });
});
