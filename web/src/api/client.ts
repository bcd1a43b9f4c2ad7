import { API_BASE } from '../../../shared/api';
import { messageAfterColon } from '../../../shared/format';
import { clearToken, getToken } from './token';

/** A failed call: the HTTP status (0 when the server could not be reached) and the text a person can read. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Query parameters; undefined, null and empty values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Send the stored token (every call but login). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** Builds `/api<path>?<query>`. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** The readable text of an error body `{ message: { msg: "Kind: text" } }`, if there is one. */
export function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return messageAfterColon(message);
  if (typeof message === 'object' && message !== null) {
    const msg = (message as { msg?: unknown }).msg;
    if (typeof msg === 'string') return messageAfterColon(msg);
  }
  return undefined;
}

/**
 * SPEC §8: any 401 removes the stored token and reloads the page. Only reload when a token was actually
 * present, so a 401 that arrives without one can never loop.
 */
function onUnauthorized(): void {
  const hadToken = getToken() !== null;
  clearToken();
  if (hadToken) window.location.reload();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls the API and returns the unwrapped `data`; throws ApiError on any failure. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Unable to reach the server, please check your connection');
  }

  const json = await readJson(response);
  if (!response.ok) {
    if (response.status === 401) onUnauthorized();
    throw new ApiError(response.status, errorText(json) ?? `Request failed with status ${response.status}`);
  }
  return (json as { data: T } | undefined)?.data as T;
}

/** The SWR fetcher: the key is the API path (query string included). */
export function swrFetcher<T>(path: string): Promise<T> {
  return api<T>(path);
}
