/**
 * The access token, kept in localStorage under `token` (CONTRACT.md §7). It is short-lived (15 minutes); the API client
 * renews it through POST /api/auth/refresh while the session lives (see client.ts). Every call reads it afresh, so
 * a token one tab renewed is the one every other tab sends next.
 */
const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

/**
 * When the token expires, in milliseconds since the epoch: its `exp` claim, read without checking the signature
 * (the server checks it; this only decides when to renew). Undefined when the token is not a readable JWT.
 */
export function tokenExpiresAt(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as unknown;
    const exp = (json as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the token expires within `withinMs` (a token whose expiry cannot be read is left to the server). */
export function expiresSoon(token: string, withinMs: number, now = Date.now()): boolean {
  const at = tokenExpiresAt(token);
  return at !== undefined && at - now <= withinMs;
}
