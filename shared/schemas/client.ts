/**
 * Clients (SPEC §3): SPEC sets no checks; the API still trims, bounds lengths, needs a name, and refuses an
 * email that is not one.
 */
import { requiredText, versionField } from './common';
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
