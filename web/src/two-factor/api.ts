/** Two-factor sign-in and sessions: the calls of the Profile cards and the set-up screen. */
import { mutate } from 'swr';
import { api } from '../api/client';
import { apiKey, useApi } from '../api/use-api';

export const SESSIONS_KEY = apiKey('GET /auth/sessions');

/** My sessions, the current one among them. */
export function useMySessions() {
  return useApi(SESSIONS_KEY, { revalidateOnFocus: true });
}

export const revalidateSessions = () => mutate(SESSIONS_KEY);

/** Ends one of my other sessions: that browser is signed out at its next request. */
export function endSession(id: string) {
  return api('DELETE /auth/sessions/{id}', { params: { id } });
}

/** Ends every session but this one. */
export function endOtherSessions() {
  return api('POST /auth/sessions/end-others');
}

/** A new secret (not in force until confirmed with a code). */
export function startTwoFactorSetup() {
  return api('POST /auth/two-factor/setup');
}

/** Confirms the set-up with a code from the app and the password; the ten recovery codes come back once. */
export function enableTwoFactor(code: string, password: string) {
  return api('POST /auth/two-factor/enable', { body: { code, password } });
}

/** Ten new recovery codes; the old ones stop working. */
export function renewRecoveryCodes(password: string) {
  return api('POST /auth/two-factor/recovery-codes', { body: { password } });
}

export function disableTwoFactor(password: string) {
  return api('POST /auth/two-factor/disable', { body: { password } });
}

/** `JBSWY3DPEHPK3PXP` as `JBSW Y3DP EHPK 3PXP`, for typing into an app by hand. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** Digits and letters only, for comparing what was typed (spaces and dashes are the user's business). */
export function cleanCode(code: string): string {
  return code.replace(/[\s]+/g, '').trim();
}
