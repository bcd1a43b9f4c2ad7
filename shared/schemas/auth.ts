/**
 * Sign-in, sessions and two-factor sign-in: the forms shared by the web app and the API (CONTRACT.md §5, §8), and
 * what the auth routes answer.
 */
import type { CurrentUserView } from '../auth-types';
import { emailField, idField, loginPasswordField, requiredText } from './common';
import * as z from './z';

export const loginSchema = z.object({ email: emailField, password: loginPasswordField });
export type LoginInput = z.infer<typeof loginSchema>;

/** A six-digit authenticator code, or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCodeField = requiredText(
  'Enter the code from your authenticator app',
  32,
  'That code is not valid',
);

export const twoFactorLoginSchema = z.object({
  challenge: z.string({ error: 'Sign in again' }).check(z.minLength(1, 'Sign in again'), z.maxLength(2000)),
  code: twoFactorCodeField,
});
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

/**
 * Turning two-factor sign-in on takes the password too: with an access token alone, a thief could put their own
 * authenticator on the account and lock its owner out.
 */
export const twoFactorEnableSchema = z.object({ code: twoFactorCodeField, password: loginPasswordField });
export type TwoFactorEnableInput = z.infer<typeof twoFactorEnableSchema>;

/** Actions that need the password again (new recovery codes, turning the second factor off). */
export const passwordConfirmSchema = z.object({ password: loginPasswordField });
export type PasswordConfirmInput = z.infer<typeof passwordConfirmSchema>;

export const sessionIdField = idField;

/** POST /auth/login and /auth/login/two-factor: a session, or (password right, second factor on) a challenge. */
export type LoginResult =
  | { token: string; user: CurrentUserView; twoFactorRequired?: undefined }
  | { twoFactorRequired: true; challenge: string };

export interface RefreshResult {
  token: string;
}

/** How many sessions a sign-out-everywhere ended. */
export interface SessionsEnded {
  ended: number;
}

/** One of my sessions (GET /auth/sessions). */
export interface SessionView {
  _id: string;
  /** Browser and system, read from the User-Agent ("Chrome on Windows"). */
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session this request was made with. */
  current: boolean;
}

export interface TwoFactorSetup {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** otpauth://totp/... for the QR code. */
  uri: string;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}
