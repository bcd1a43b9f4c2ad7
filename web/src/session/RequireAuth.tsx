import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../common/LoadingScreen';
import { useSession } from './session-context';

const EnrolmentPage = lazy(() => import('../two-factor/EnrolmentPage').then((m) => ({ default: m.EnrolmentPage })));

/** Where the login screen returns to after sign-in. */
export interface LoginState {
  from?: string;
}

/**
 * Every admin route needs a signed-in user; others go to /login (CONTRACT.md §2). A user whose role requires two-factor
 * sign-in they have not set up sees only the set-up screen (the API refuses everything else until then); the
 * screen they asked for opens once it is done.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user, signedOut } = useSession();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!user) {
    // After an explicit logout the next person to sign in starts at the dashboard.
    const state: LoginState | undefined = signedOut ? undefined : { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (user.twoFactorEnrolmentPending) return <EnrolmentPage />;
  return children;
}
