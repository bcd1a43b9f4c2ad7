/** How a refused sign-in reads, in both steps of sign-in. */
import { LOGIN_FAILED_MESSAGE } from '../../../shared/constants';
import { ApiError } from '../api/client';

/** The reason a refused sign-in gives: the server's for a rule (400) or too many attempts (429). */
export function loginFailure(error: unknown): string {
  return error instanceof ApiError && (error.status === 400 || error.status === 429)
    ? error.message
    : LOGIN_FAILED_MESSAGE;
}
