import { STALE_VERSION_MESSAGE } from '../../../shared/constants';
import { ApiError } from '../api/client';

/** The 409 a stale `version` gets: the record changed since it was read. Other 409s (duplicates) are plain. */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.message === STALE_VERSION_MESSAGE;
}

/** The text to show for a failed call (ApiError already holds the text after the first colon). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong, please try again';
}

/** A row's failed action, as a bulk action's result lists it: a stale version says so plainly. */
export function rowFailureText(error: unknown): string {
  if (isStaleVersion(error)) return 'Someone else changed it in the meantime; the list now shows its latest state';
  return errorMessage(error);
}
