/** Two-factor sign-in and sessions: the calls of the Profile cards and the set-up screen. */
import useSWR, { mutate } from 'swr';
import type { RecoveryCodes, SessionView, TwoFactorSetup } from '../../../shared/schemas/auth';
import { api } from '../api/client';

export const SESSIONS_KEY = '/auth/sessions';

/** My sessions, the current one among them. */
export function useMySessions() {
  return useSWR<SessionView[]>(SESSIONS_KEY, { revalidateOnFocus: true });
}

export const revalidateSessions = () => mutate(SESSIONS_KEY);

/** Ends one of my other sessions: that browser is signed out at its next request. */
export function endSession(id: string): Promise<unknown> {
  return api(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Ends every session but this one. */
export function endOtherSessions(): Promise<{ ended: number }> {
  return api<{ ended: number }>('/auth/sessions/end-others', { method: 'POST' });
}

/** A new secret (not in force until confirmed with a code). */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return api<TwoFactorSetup>('/auth/two-factor/setup', { method: 'POST' });
}

/** Confirms the set-up with a code from the app; the ten recovery codes come back once. */
export function enableTwoFactor(code: string): Promise<RecoveryCodes> {
  return api<RecoveryCodes>('/auth/two-factor/enable', { method: 'POST', body: { code } });
}

/** Ten new recovery codes; the old ones stop working. */
export function renewRecoveryCodes(password: string): Promise<RecoveryCodes> {
  return api<RecoveryCodes>('/auth/two-factor/recovery-codes', { method: 'POST', body: { password } });
}

export function disableTwoFactor(password: string): Promise<unknown> {
  return api('/auth/two-factor/disable', { method: 'POST', body: { password } });
}

/** `JBSWY3DPEHPK3PXP` as `JBSW Y3DP EHPK 3PXP`, for typing into an app by hand. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** Digits and letters only, for comparing what was typed (spaces and dashes are the user's business). */
export function cleanCode(code: string): string {
  return code.replace(/[\s]+/g, '').trim();
}
