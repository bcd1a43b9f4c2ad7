import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { ApiError } from '../api/client';
import { clearToken, getToken } from '../api/token';
import { type Session, SessionContext } from './session-context';
import type { CurrentUser } from './types';

/**
 * SPEC §4 "Session": with a stored token the current user is fetched at start; without one loading ends at
 * once. A failed load (other than a 401, which the API client handles by reloading) is logged and ends loading.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState<string | null>(() => getToken());
  const [signedOut, setSignedOut] = useState(false);
  const { data, error, isLoading, mutate } = useSWR<CurrentUser>(token ? '/user/me' : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });

  useEffect(() => {
    if (error && !(error instanceof ApiError && error.status === 401)) {
      console.error('Could not load the current user', error);
    }
  }, [error]);

  const logout = useCallback(() => {
    clearToken();
    setSignedOut(true);
    setTokenState(null);
    void mutate(undefined, { revalidate: false });
  }, [mutate]);

  const session = useMemo<Session>(
    () => ({
      loading: token !== null && isLoading,
      user: token ? (data ?? null) : null,
      refresh: () => mutate(),
      update: (next) => void mutate(next, { revalidate: false }),
      logout,
      signedOut,
    }),
    [token, isLoading, data, mutate, logout, signedOut],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
