/** The two cookies of sign-in, both HttpOnly, SameSite=Strict and scoped to /api/auth (nothing else sees them). */

import { API_BASE } from '../../shared/addresses';
import { AUTH } from '../../shared/constants';
import type { Request } from '../lib/http';

export const REFRESH_COOKIE = 'refresh';
export const DEVICE_COOKIE = 'device';
const PATH = `${API_BASE}/auth`;

/** Secure whenever the request came over HTTPS (always in AWS; the local gateway is plain HTTP). */
const isHttps = (req: Request) => (req.event.headers?.['x-forwarded-proto'] ?? '').toLowerCase() === 'https';

function cookie(req: Request, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${value}`, `Path=${PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (isHttps(req)) parts.push('Secure');
  return parts.join('; ');
}

export const refreshCookie = (req: Request, value: string) =>
  cookie(req, REFRESH_COOKIE, value, AUTH.sessionMaxSeconds);
export const clearRefreshCookie = (req: Request) => cookie(req, REFRESH_COOKIE, '', 0);
export const deviceCookie = (req: Request, value: string) =>
  cookie(req, DEVICE_COOKIE, value, AUTH.deviceCookieDays * 24 * 60 * 60);

/** "Chrome on Windows" from a User-Agent; enough for a person to recognise their own devices. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent || '';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\/|CriOS\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? 'Unknown browser';
  const system =
    [
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Android/, 'Android'],
      [/Windows/, 'Windows'],
      [/CrOS/, 'ChromeOS'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/Linux/, 'Linux'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? 'an unknown system';
  return ua ? `${browser} on ${system}` : 'Unknown device';
}
