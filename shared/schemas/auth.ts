import * as z from 'zod';
import { AUTH } from '../constants';

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is not valid')
    .pipe(z.email('Email is not valid')),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .refine((p) => utf8Bytes(p) <= AUTH.maxPasswordBytes, `Password must be at most ${AUTH.maxPasswordBytes} bytes`),
});
export type LoginInput = z.infer<typeof loginSchema>;
