import { createHash } from 'node:crypto';
import { encodeTime, monotonicFactory } from 'ulid';

const next = monotonicFactory();

/** Record ids are ULIDs: sortable by creation time, unguessable enough, URL-safe. */
export const newId = (): string => next();
export const nowIso = (): string => new Date().toISOString();
export const isId = (value: string): boolean => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(value);

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID-shaped id that is the same for the same time and seed: for a record that parallel writers must all name
 * alike (one audit entry per throttle counter and window), where newId() would give each its own.
 */
export function idFor(timeMs: number, seed: string): string {
  const digest = createHash('sha256').update(`${timeMs}|${seed}`).digest();
  return encodeTime(timeMs, 10) + [...digest.subarray(0, 16)].map((b) => CROCKFORD[b % 32]).join('');
}
