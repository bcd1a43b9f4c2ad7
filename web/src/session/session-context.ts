import { createContext, useContext } from 'react';
import type { CurrentUser } from './types';

export interface Session {
  /** True while the current user is being fetched at start (the app shows 'Loading'). */
  loading: boolean;
  user: CurrentUser | null;
  /** Re-reads the current user, e.g. after a profile save. */
  refresh: () => Promise<unknown>;
  /** Clears the token and the user; the caller navigates to /login. */
  logout: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
