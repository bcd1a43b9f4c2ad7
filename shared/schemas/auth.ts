/**
 * The login form, shared by the login page and POST /auth/login (messages of SPEC §5 and §8).
 */

import { AUTH } from '../constants';
import * as z from './z';

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.maxLength(254, 'Email is not valid'),
      z.regex(z.regexes.email, 'Email is not valid'),
    ),
  password: z.string({ error: 'Password is required' }).check(
    z.minLength(1, 'Password is required'),
    z.refine((p) => utf8Bytes(p) <= AUTH.maxPasswordBytes, `Password must be at most ${AUTH.maxPasswordBytes} bytes`),
  ),
});
export type LoginInput = z.infer<typeof loginSchema>;
