/**
 * Clients (CONTRACT.md §3): the contract sets no checks; the API still trims, bounds lengths, needs a name, and refuses
 * an email that is not one.
 */
import { SHARED_PAGE_SIZE } from '../constants';
import { requiredText, versionField } from './common';
import { allFlag, pagingFields } from './list-query';
import * as z from './z';

export const clientSchema = z.object({
  name: requiredText('Name is required', 200),
  email: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(254, 'Email is not valid'),
      z.refine((v) => v === '' || z.regexes.email.test(v), 'Email is not valid'),
    ),
  ),
  mobile: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(20, 'Mobile number is not valid'),
        z.regex(/^$|^\+?[0-9][0-9 ()-]*$/, 'Mobile number is not valid'),
      ),
  ),
});
export type ClientInput = z.infer<typeof clientSchema>;

export const clientUpdateSchema = z.extend(clientSchema, { version: versionField });
export type ClientUpdateInput = z.infer<typeof clientUpdateSchema>;

/** GET /client's query: `all=true` for the ad form's picker, or paging. */
export const clientListQuerySchema = z.object({ all: allFlag, ...pagingFields(SHARED_PAGE_SIZE) });

// ---- What the API returns (types only) ----

/** A client as GET /client, GET /client/{id} and the writes return it. */
export interface Client {
  _id: string;
  name: string;
  email: string;
  mobile: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}
