import { describe, expect, it } from 'vitest';
import { ApiError, api, apiUrl, errorText } from '../../web/src/api/client';
import { json, stubBrowser } from './web-fakes';

const { storage, reload, fetch: fetchMock } = stubBrowser();

describe('web API client', () => {
  it('builds /api urls and leaves out empty query values', () => {
    expect(apiUrl('/cms', { page: 2, search: '', status: undefined, isRecent: true })).toBe(
      '/api/cms?page=2&isRecent=true',
    );
    expect(apiUrl('/user/me')).toBe('/api/user/me');
  });

  it('calls a route by its id: the method, the path with its parameters encoded, the query and the body', async () => {
    fetchMock.mockImplementation(async () => json(200, { data: { _id: 'a b' } }));
    await api('PATCH /category/{id}', { params: { id: 'a b/c' }, body: { name: 'News', version: 2 } });
    await api('GET /cms', { query: { page: 2, search: '', status: 'Draft' } });
    const [patchUrl, patch] = fetchMock.mock.calls[0] as [string, RequestInit];
    const [getUrl, get] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect([patchUrl, patch.method, patch.body]).toEqual([
      '/api/category/a%20b%2Fc',
      'PATCH',
      '{"name":"News","version":2}',
    ]);
    expect([getUrl, get.method]).toEqual(['/api/cms?page=2&status=Draft', 'GET']);
  });

  it('reads the text after the first colon of message.msg', () => {
    expect(errorText({ message: { msg: 'AuthError: Invalid email or password' } })).toBe('Invalid email or password');
    expect(errorText({ message: { msg: 'Conflict: a: b' } })).toBe('a: b');
    expect(errorText('nope')).toBeUndefined();
  });

  it('sends the bearer token and unwraps data', async () => {
    storage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(json(200, { data: { name: 'Ada' } }));
    await expect(api('GET /user/me')).resolves.toEqual({ name: 'Ada' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('does not send the token when asked not to (login)', async () => {
    storage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(json(200, { data: { token: 't' } }));
    await api('POST /auth/login', { body: { email: 'a@b.c', password: 'x' }, auth: false });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe('{"email":"a@b.c","password":"x"}');
  });

  it('throws ApiError with the status and readable text', async () => {
    fetchMock.mockResolvedValue(json(400, { message: { msg: 'AuthError: Invalid email or password' } }));
    const error = await api('POST /auth/login', { body: { email: 'a@b.c', password: 'x' }, auth: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid email or password' });
  });

  it('tells how long a 429 asks to wait (retry-after), and nothing when it does not say', async () => {
    const refused = (headers: Record<string, string>) =>
      new Response(JSON.stringify({ message: { msg: 'TooManyRequests: Too many autosaves' } }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    const failure = () => api('POST /cms/{id}/lock', { params: { id: 'x' }, body: {} }).catch((e: unknown) => e);
    fetchMock.mockResolvedValueOnce(refused({ 'Retry-After': '42' }));
    expect(await failure()).toMatchObject({ status: 429, message: 'Too many autosaves', retryAfterSeconds: 42 });
    fetchMock.mockResolvedValueOnce(refused({}));
    expect(await failure()).toMatchObject({ status: 429, retryAfterSeconds: undefined });
    fetchMock.mockResolvedValueOnce(refused({ 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' }));
    expect(await failure()).toMatchObject({ status: 429, retryAfterSeconds: undefined });
  });

  it('on a 401 clears the token and reloads, but only when a token was stored', async () => {
    storage.setItem('token', 'expired');
    fetchMock.mockImplementation(async () => json(401, { message: { msg: 'Unauthorized: Token expired' } }));
    await expect(api('GET /user/me')).rejects.toMatchObject({ status: 401 });
    expect(storage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);

    await expect(api('GET /user/me')).rejects.toMatchObject({ status: 401 });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(api('GET /user/me')).rejects.toMatchObject({ status: 0 });
  });
});

describe('list keys of other pages (cursor paging)', () => {
  it('sets the page and drops the cursor, keeping the filters in their order', async () => {
    const { pageKey } = await import('../../web/src/api/use-api');
    expect(pageKey('/cms?page=2&limit=10&cursor=after%3Ax&status=Draft&search=news', 3)).toBe(
      '/cms?page=3&limit=10&status=Draft&search=news',
    );
    expect(pageKey('/cms?limit=10', 2)).toBe('/cms?limit=10&page=2');
  });
});
