/** What both steps of sign-in share: how a refusal reads, and what a granted session does. */
import { LOGIN_FAILED_MESSAGE } from '../../../shared/constants';
import { ApiError } from '../api/client';
import { setToken } from '../api/token';

/** The reason a refused sign-in gives: the server's for a rule (400) or too many attempts (429). */
export function loginFailure(error: unknown): string {
  return error instanceof ApiError && (error.status === 400 || error.status === 429)
    ? error.message
    : LOGIN_FAILED_MESSAGE;
}

/** Stores the new session's token and reloads: the app starts again, signed in. */
export function completeSignIn(token: string): void {
  setToken(token);
  window.location.reload();
}
