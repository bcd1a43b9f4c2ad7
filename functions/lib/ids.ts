import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

/** Record ids are ULIDs: sortable by creation time, unguessable enough, URL-safe. */
export const newId = (): string => next();
export const nowIso = (): string => new Date().toISOString();
export const isId = (value: string): boolean => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(value);
