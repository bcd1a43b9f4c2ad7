import { createContext, useContext } from 'react';
import type { CurrentUser } from './types';

export interface Session {
  /** True while the current user is being fetched at start (the app shows 'Loading'). */
  loading: boolean;
  user: CurrentUser | null;
  /** Re-reads the current user; resolves with it (undefined if the read failed). */
  refresh: () => Promise<CurrentUser | undefined>;
  /** Replaces the current user with one the API just returned (e.g. after a profile save). */
  update: (user: CurrentUser) => void;
  /** Ends the session on the server (failures ignored), then clears the token and the user; the caller
   * navigates to /login. */
  logout: () => Promise<void>;
  /** Stores a new session's token and its user (what sign-in returned): the app opens signed in, no reload. */
  signIn: (token: string, user: CurrentUser) => void;
  /** True after an explicit logout: the next sign-in starts at the dashboard, not where the last user was. */
  signedOut: boolean;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
