/**
 * Typed errors services throw; functions/lib/http.ts maps them to the documented error shape
 * `{ message: { msg: "<Kind>: <text>" } }`. Services never build HTTP responses themselves.
 */
import { STALE_VERSION_MESSAGE } from '../../shared/constants';
import { PERMISSION_DENIED_MESSAGE } from '../../shared/permissions';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    readonly text: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${kind}: ${text}`);
  }
}

export const badRequest = (text: string, kind = 'ValidationError') => new HttpError(400, kind, text);
export const unauthorized = (text = 'Please sign in again') => new HttpError(401, 'Unauthorized', text);
export const forbidden = (text = PERMISSION_DENIED_MESSAGE) => new HttpError(403, 'Forbidden', text);
export const notFound = (text = 'The record does not exist') => new HttpError(404, 'NotFound', text);
export const methodNotAllowed = (allowed: string[]) =>
  new HttpError(405, 'MethodNotAllowed', `Use ${allowed.join(' or ')} on this path`, { allow: allowed.join(', ') });
export const conflict = (text: string) => new HttpError(409, 'Conflict', text);
export const staleVersion = () => conflict(STALE_VERSION_MESSAGE);
export const payloadTooLarge = (text = 'The request body is too large') => new HttpError(413, 'PayloadTooLarge', text);
export const unsupportedMediaType = (text: string) => new HttpError(415, 'UnsupportedMediaType', text);
export const tooManyRequests = (text: string, retryAfterSeconds: number) =>
  new HttpError(429, 'TooManyRequests', text, { 'retry-after': String(retryAfterSeconds) });
