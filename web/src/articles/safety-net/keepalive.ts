/**
 * Calls that must leave while the page goes away (pagehide, a tab closed): fetch with `keepalive`, which the
 * browser finishes after the page is gone. They carry the bearer token as every API call does (api/client.ts
 * reads it from storage); their answer is never read.
 */
import { apiUrl, routeAddress } from '../../api/client';
import { getToken } from '../../api/token';

/** Browsers refuse keepalive bodies over 64 KB in all (for the page's pending keepalive calls together). */
const KEEPALIVE_LIMIT = 60 * 1024;

type KeepaliveRoute = 'DELETE /cms/{id}/lock' | 'POST /cms/{id}/autosave';

/** Sends the call; false when it could not be sent this way (no token, a body too large, no fetch). */
export function sendKeepalive(route: KeepaliveRoute, id: string, body?: unknown): boolean {
  const token = getToken();
  if (!token || typeof fetch !== 'function') return false;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined && new TextEncoder().encode(payload).length > KEEPALIVE_LIMIT) return false;
  const { method, path } = routeAddress(route, { id });
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  try {
    void fetch(apiUrl(path), { method, headers, body: payload, keepalive: true, credentials: 'same-origin' }).catch(
      () => undefined,
    );
    return true;
  } catch {
    return false;
  }
}
