/** The login form, shared by the login page and POST /auth/login (messages of SPEC §5 and §8). */
import { emailField, loginPasswordField } from './common';
import * as z from './z';

export const loginSchema = z.object({ email: emailField, password: loginPasswordField });
export type LoginInput = z.infer<typeof loginSchema>;
