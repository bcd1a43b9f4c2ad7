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
