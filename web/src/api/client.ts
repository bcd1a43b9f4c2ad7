import { API_BASE } from '../../../shared/addresses';
import type { HttpMethod } from '../../../shared/api';
import { TWO_FACTOR_REQUIRED_MESSAGE } from '../../../shared/constants';
import { messageAfterColon } from '../../../shared/format';
import type { OptionalWhenEmpty, RouteAddress, RouteBodyOption, RouteId, RouteResult } from './route-types';
import { clearToken, expiresSoon, getToken, setToken } from './token';

/** A failed call: the HTTP status (0 when the server could not be reached) and the text a person can read. */
export class ApiError extends Error {
  readonly status: number;
  /** How long the server asked to wait before trying again (a 429's `retry-after`), when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The error's whole body, for answers that carry more than their text (a refused Remove's `uses`). */
  readonly body: unknown;

  constructor(status: number, message: string, retryAfterSeconds?: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
    this.body = body;
  }
}

/** A `retry-after` of whole seconds (the API never sends a date), or undefined. */
function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** How a call is sent, whatever its route. */
export interface SendOptions {
  /** Send the stored token (every call but login). */
  auth?: boolean;
  /** A 401 only fails the call: no token removal, no reload (signing out, where the session may be gone). */
  quietUnauthorized?: boolean;
  signal?: AbortSignal;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions extends SendOptions {
  method?: HttpMethod;
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Query parameters; undefined, null and empty values are left out. */
  query?: QueryParams;
}

/** `<path>?<query>`, leaving out undefined, null and empty values. */
export function withQuery(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}

/** Builds `/api<path>?<query>`. */
export function apiUrl(path: string, query?: QueryParams): string {
  return `${API_BASE}${withQuery(path, query)}`;
}

/** The method of a route id, and its path with the `{…}` parameters filled in (each URI-encoded). */
export function routeAddress(id: RouteId, params: Record<string, string> = {}): { method: HttpMethod; path: string } {
  const space = id.indexOf(' ');
  const path = id.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return { method: id.slice(0, space) as HttpMethod, path };
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
 * CONTRACT.md §8: any 401 removes the stored token and reloads the page. Only reload when a token was actually
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

// ---- Silent renewal of the short-lived access token ----

/** A token expiring within this long is renewed before the call rather than after a 401. */
export const RENEW_BEFORE_MS = 60_000;
/** A renewal that has not answered by then counts as failed (the call then goes ahead with what it has). */
const RENEW_TIMEOUT_MS = 15_000;
/** Tabs of one browser take turns renewing, so one refresh cookie is not spent twice at once. */
const RENEW_LOCK = 'admin-portal-token-renewal';

/** renewed: a fresh token is stored; ended: the session is over (sign in again); unavailable: try later. */
export type RenewOutcome = 'renewed' | 'ended' | 'unavailable';

let renewal: Promise<RenewOutcome> | undefined;

async function callRefresh(stale: string): Promise<RenewOutcome> {
  const current = getToken();
  // Signed out meanwhile (here or in another tab): nothing to renew.
  if (current === null) return 'ended';
  // Another tab renewed while this one waited for its turn.
  if (current !== stale && !expiresSoon(current, RENEW_BEFORE_MS)) return 'renewed';
  let response: Response;
  try {
    const timeout = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(RENEW_TIMEOUT_MS) : undefined;
    response = await fetch(apiUrl('/auth/refresh'), {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: timeout,
    });
  } catch {
    return 'unavailable';
  }
  const json = await readJson(response);
  if (response.ok) {
    const token = (json as { data?: { token?: unknown } } | undefined)?.data?.token;
    if (typeof token !== 'string' || token === '') return 'unavailable';
    // Signed out while the renewal was under way: do not sign back in.
    if (getToken() === null) return 'ended';
    setToken(token);
    return 'renewed';
  }
  return response.status === 400 || response.status === 401 || response.status === 403 ? 'ended' : 'unavailable';
}

/**
 * Renews the access token through the httpOnly refresh cookie (POST /api/auth/refresh). Callers at the same time
 * share one renewal; across tabs a Web Lock makes them take turns, and a tab that finds a token another tab
 * renewed uses it without asking the server.
 */
export function renewToken(stale: string): Promise<RenewOutcome> {
  renewal ??= (async () => {
    try {
      const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
      return locks?.request ? await locks.request(RENEW_LOCK, () => callRefresh(stale)) : await callRefresh(stale);
    } catch {
      return 'unavailable' as const;
    } finally {
      renewal = undefined;
    }
  })();
  return renewal;
}

// ---- Two-factor enrolment required mid-session ----

const twoFactorListeners = new Set<() => void>();

/**
 * Calls `listener` when the API refuses a call because the user's role now requires two-factor sign-in and they
 * have not set it up (the session then re-reads the user and shows the set-up screen). Returns the unsubscribe.
 */
export function onTwoFactorRequired(listener: () => void): () => void {
  twoFactorListeners.add(listener);
  return () => void twoFactorListeners.delete(listener);
}

// ---- Calls ----

const UNREACHABLE = 'Unable to reach the server, please check your connection';

function send(
  path: string,
  { method = 'GET', body, query, signal }: RequestOptions,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return fetch(apiUrl(path, query), { method, headers, body: payload, signal, credentials: 'same-origin' });
}

/**
 * Calls the API and returns the unwrapped `data`; throws ApiError on any failure. An authed call renews a token
 * about to expire first, and after a 401 renews once and retries once; when the session cannot be renewed the
 * token is removed and the page reloads (CONTRACT.md §8), unless `quietUnauthorized` (sign-out) says to just fail.
 * The app calls it through api() (typed by route); the SWR fetcher calls it with a GET path.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { auth = true, quietUnauthorized = false } = options;
  let token = auth ? getToken() : null;
  let renewed: RenewOutcome | undefined;
  if (token && expiresSoon(token, RENEW_BEFORE_MS)) {
    // Renewal failing is not final here: the token may still be good for a few seconds, and a 401 settles it.
    renewed = await renewToken(token);
    if (renewed === 'renewed') token = getToken();
  }

  let response: Response;
  try {
    response = await send(path, options, token);
    if (response.status === 401 && token && renewed === undefined) {
      renewed = await renewToken(token);
      if (renewed === 'renewed') {
        token = getToken();
        response = await send(path, options, token);
      }
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE);
  }

  const json = await readJson(response);
  if (!response.ok) {
    const text = errorText(json) ?? `Request failed with status ${response.status}`;
    if (response.status === 401 && auth && !quietUnauthorized) {
      // The server could not be asked to renew (offline, overloaded): keep the session for the next try.
      if (renewed === 'unavailable') throw new ApiError(0, UNREACHABLE);
      onUnauthorized();
    }
    if (response.status === 403 && text === TWO_FACTOR_REQUIRED_MESSAGE)
      for (const listener of twoFactorListeners) listener();
    throw new ApiError(response.status, text, retryAfterOf(response), json);
  }
  return (json as { data: T } | undefined)?.data as T;
}

/** What api() takes for a route: its path parameters, query and body, and how to send it. */
export type ApiCallOptions<Id extends RouteId> = RouteAddress<Id> & RouteBodyOption<Id> & SendOptions;

/**
 * Calls a route of the table by its id (`'PATCH /cms/{id}'`): `params` fill the path, `body` and `query` are
 * typed by the route's schemas, and the promise holds the route's result. `R` narrows a result that is a union
 * (PATCH /user answers each of its forms differently).
 */
export function api<Id extends RouteId, R extends RouteResult<Id> = RouteResult<Id>>(
  id: Id,
  ...[options]: OptionalWhenEmpty<ApiCallOptions<Id>>
): Promise<R> {
  const { params, query, ...rest } = (options ?? {}) as RequestOptions & { params?: Record<string, string> };
  const { method, path } = routeAddress(id, params);
  return request<R>(path, { ...rest, method, query });
}

/** The SWR fetcher: the key is the API path (query string included). */
export function swrFetcher<T>(path: string): Promise<T> {
  return request<T>(path);
}
