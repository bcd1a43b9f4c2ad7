import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../common/LoadingScreen';
import type { LoginState } from '../session/RequireAuth';
import { useSession } from '../session/session-context';
import type { CurrentUser } from '../session/types';
import { LoginPage } from './LoginPage';

/**
 * What sign-in starts loading for the screen it opens: its code once the visitor types or sends the form, its
 * reads once signed in.
 */
export interface SignInPreload {
  code: (path: string) => void;
  data: (path: string, user: CurrentUser) => void;
}

/**
 * /login: a signed-in user goes back where they came from (or to /); others see the form. The form is part of the
 * app's first load, not a lazy screen, so it shows as soon as the app starts.
 */
export function LoginRoute({ preload }: { preload?: SignInPreload }) {
  const { loading, user } = useSession();
  const state = useLocation().state as LoginState | null;
  const from = state?.from?.startsWith('/') && !state.from.startsWith('/login') ? state.from : '/';
  if (loading) return <LoadingScreen />;
  if (user) return <Navigate to={from} replace />;
  return <LoginPage onSigningIn={() => preload?.code(from)} onSignedIn={(signedIn) => preload?.data(from, signedIn)} />;
}
