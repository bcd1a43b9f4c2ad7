/** What integration tests share: the running stack's address, an HTTP client and sign-in; the records they set up are in factories.ts. */

import { request } from 'node:http';
import { inject } from 'vitest';
import { resetDbClient } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { CONTENT_BASE, MEDIA_BASE } from '../../shared/addresses';
import { png } from '../fixtures/png';

export const apiUrl = inject('apiUrl');
export const admin = inject('admin');

// Tests use the same repos as the handlers, pointed at the same DynamoDB Local: stack-env.ts, which runs before
// every file, gave this process the stack's environment; a client made before that would point elsewhere.
resetDbClient();

export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: { data?: T; message?: { msg: string } } & Record<string, unknown>;
}

export async function call<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  // The delivery API and the renditions are at the site's root (through their CDN behaviours), not under /api.
  const atRoot = path.startsWith(`${CONTENT_BASE}/`) || path.startsWith(`${MEDIA_BASE}/`);
  const base = atRoot ? apiUrl.replace(/\/api$/, '') : apiUrl;
  const res = await fetch(`${base}${path}`, { method, headers, body: body as BodyInit | undefined });
  const text = await res.text();
  let parsed: ApiResult<T>['body'] = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export async function login(email: string, password: string): Promise<string> {
  const res = await call<{ token: string }>('POST', '/auth/login', { body: { email, password } });
  if (res.status !== 200 || !res.body.data) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

export const errorText = (result: ApiResult) => result.body.message?.msg ?? '';

/** A small real PNG: uploaded pictures are decoded and cleaned when checked. */
export const PNG = png(8, 6, [200, 40, 40]);

/** Uploads bytes through the upload API (start, PUT to the presigned URL, complete); returns the asset id. */
export async function uploadFile(
  token: string,
  purpose: string,
  file: { name: string; contentType: string; bytes: Buffer } = {
    name: 'image.png',
    contentType: 'image/png',
    bytes: PNG,
  },
): Promise<string> {
  const started = await call<{ _id: string; upload: { url: string; headers: Record<string, string> } }>(
    'POST',
    '/asset/upload',
    { token, body: { name: file.name, contentType: file.contentType, size: file.bytes.length, purpose } },
  );
  if (!started.body.data) throw new Error(`upload refused: ${started.status} ${JSON.stringify(started.body)}`);
  const { _id, upload } = started.body.data;
  await new Promise<void>((resolve, reject) => {
    const req = request(upload.url, { method: 'PUT', headers: upload.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end(file.bytes);
  });
  const completed = await call('POST', `/asset/${_id}/complete`, { token, body: {} });
  if (completed.status !== 200) throw new Error(`upload not verified: ${JSON.stringify(completed.body)}`);
  return _id;
}

/**
 * The trash calls of a removable resource at `base` (`/menu`, `/cms` …), as `token`: move a record to the trash,
 * restore it, delete it for good (each answers `data: null`).
 */
export const moveToTrash = (base: string, id: string, token: string) =>
  call<null>('DELETE', `${base}/${id}`, { token });
export const restoreFromTrash = (base: string, id: string, token: string) =>
  call<null>('POST', `${base}/trash/${id}/restore`, { token });
export const deleteFromTrash = (base: string, id: string, token: string) =>
  call<null>('DELETE', `${base}/trash/${id}`, { token });

/** An instant `hours` from now (negative: ago), as the API takes dates. */
export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A word no other test's title holds: `prefix` and ten letters (no digits, so the segmenter keeps it one word). */
export const uniqueWord = (prefix: string) =>
  `${prefix}${Array.from(newId().slice(-10).toLowerCase())
    .map((c) => String.fromCharCode(97 + (c.charCodeAt(0) % 26)))
    .join('')}`;

/** A name no other test (or run) uses: `<tag> <time> <random>`. */
export const uniqueName = (tag: string) => `${tag} ${Date.now()} ${Math.random().toString(36).slice(2, 7)}`;

/** The seeded super admin, signed in: its token and id. */
export async function rootSession(): Promise<{ token: string; id: string }> {
  const token = await login(admin.email, admin.password);
  const id = (await call<{ _id: string }>('GET', '/user/me', { token })).body.data?._id ?? '';
  return { token, id };
}

/**
 * `call`, as the article editor sends a content save (PATCH /cms/{id} with a title): it first takes the edit lock,
 * as the editor does when it opens the article (taking it over: the tests using this are not about locks).
 */
export async function editorCall<T = unknown>(method: string, path: string, options: Parameters<typeof call>[2] = {}) {
  const article = /^\/cms\/([0-9A-Z]{26})$/.exec(path)?.[1];
  const body = options.body as Record<string, unknown> | undefined;
  if (method === 'PATCH' && article && body && 'title' in body && options.token) {
    await call('POST', `/cms/${article}/lock`, { token: options.token, body: { takeOver: true } });
  }
  return call<T>(method, path, options);
}
