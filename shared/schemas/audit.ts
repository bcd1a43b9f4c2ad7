/** GET /audit's query: who, what, which day, and paging by cursor (the audit screen's filters use it too). */
import { AUDIT_ACTION_NAMES } from '../audit';
import { AUDIT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import * as z from './z';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
const DAY_MESSAGE = 'Enter the day as YYYY-MM-DD';

/** A calendar day that exists (2026-02-30 does not). */
const isRealDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
};

const limitField = z.pipe(
  z.string().check(
    z.regex(/^\d{1,3}$/, LIMIT_MESSAGE),
    z.refine((v) => Number(v) >= 1 && Number(v) <= MAX_PAGE_SIZE, LIMIT_MESSAGE),
  ),
  z.transform(Number),
);

export const auditQuerySchema = z.object({
  /** Entries of one actor (a user's record id). */
  user: z.optional(z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'user must be a user’s record id'))),
  action: z.optional(z.enum(AUDIT_ACTION_NAMES, `action must be one of ${AUDIT_ACTION_NAMES.join(', ')}`)),
  /** A UTC day. */
  day: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE), z.refine(isRealDay, DAY_MESSAGE))),
  /** The `next` of the previous page. */
  cursor: z.optional(z.string().check(z.minLength(1, 'cursor is not valid'), z.maxLength(2000, 'cursor is not valid'))),
  limit: z._default(limitField, AUDIT_PAGE_SIZE),
});
export type AuditQueryInput = z.input<typeof auditQuerySchema>;
export type AuditQueryOutput = z.output<typeof auditQuerySchema>;
