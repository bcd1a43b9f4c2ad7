import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { mutate as mutateCache } from 'swr';
import { ApiError, api, onTwoFactorRequired } from '../api/client';
import { clearToken, getToken, setToken } from '../api/token';
import { apiKey, useApi } from '../api/use-api';
import { SITE_DETAIL_KEY } from '../site/use-site-detail';
import { type Session, SessionContext } from './session-context';
import type { CurrentUser } from './types';

/** Sign-out waits this long at most for the server to end the session. */
const LOGOUT_WAIT_MS = 5000;

const CURRENT_USER_KEY = apiKey('GET /user/me');

/**
 * CONTRACT.md §4 "Session": with a stored token the current user is fetched at start; without one loading ends at
 * once. A failed load (other than a 401, which the API client handles by reloading) is logged and ends loading.
 * Sign-in hands over the token with the user the API returned with it, so the app opens without a reload and
 * without asking for the user again.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState<string | null>(() => getToken());
  const [signedOut, setSignedOut] = useState(false);
  const { data, error, isLoading, mutate } = useApi(token ? CURRENT_USER_KEY : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    // The user sign-in put in the cache is as fresh as it gets; a start with no cached user still reads it.
    revalidateIfStale: false,
  });

  useEffect(() => {
    if (error && !(error instanceof ApiError && error.status === 401)) {
      console.error('Could not load the current user', error);
    }
  }, [error]);

  // A role that now requires two-factor sign-in makes the API refuse calls: re-read the user, whose
  // twoFactorEnrolmentPending then shows the set-up screen.
  useEffect(() => onTwoFactorRequired(() => void mutate()), [mutate]);

  const logout = useCallback(async () => {
    // End the session on the server (its refresh cookie with it); a failure (offline, already ended) does not
    // keep anyone signed in here.
    if (getToken()) {
      const timeout = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(LOGOUT_WAIT_MS) : undefined;
      await api('POST /auth/logout', { quietUnauthorized: true, signal: timeout }).catch(() => undefined);
    }
    clearToken();
    setSignedOut(true);
    setTokenState(null);
    void mutate(undefined, { revalidate: false });
  }, [mutate]);

  const signIn = useCallback((next: string, user: CurrentUser) => {
    setToken(next);
    // Nothing the last person signed in on this browser read may show to this one: every cached read goes, but
    // the site's branding, which is public.
    void mutateCache((key) => key !== SITE_DETAIL_KEY, undefined, { revalidate: false });
    void mutateCache(CURRENT_USER_KEY, user, { revalidate: false });
    setSignedOut(false);
    setTokenState(next);
  }, []);

  const session = useMemo<Session>(
    () => ({
      loading: token !== null && isLoading,
      user: token ? (data ?? null) : null,
      refresh: () => mutate(),
      update: (next) => void mutate(next, { revalidate: false }),
      logout,
      signIn,
      signedOut,
    }),
    [token, isLoading, data, mutate, logout, signIn, signedOut],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
