/**
 * When the server refuses an autosave as one too many (429, CONTRACT.md §9), the editor holds its autosaves for as
 * long as it was asked and then sends what it holds; meanwhile the text stays in the form and in this browser's
 * copy (local-copy.ts), and the header says it is not saved yet.
 */
import { AUTOSAVE_RATE } from '../../../../shared/constants';
import { ApiError } from '../../api/client';

/** How long to hold autosaves after this failure: a 429's `retry-after` (a whole window when it has none); else none. */
export function autosavePauseMs(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return (error.retryAfterSeconds ?? AUTOSAVE_RATE.windowSeconds) * 1000;
}
