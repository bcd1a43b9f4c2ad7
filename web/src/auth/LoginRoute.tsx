import { lazy } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../common/LoadingScreen';
import type { LoginState } from '../session/RequireAuth';
import { useSession } from '../session/session-context';

const LoginPage = lazy(() => import('./LoginPage').then((m) => ({ default: m.LoginPage })));

/** /login: a signed-in user goes back where they came from (or to /); others see the form. */
export function LoginRoute() {
  const { loading, user } = useSession();
  const state = useLocation().state as LoginState | null;
  if (loading) return <LoadingScreen />;
  if (user) {
    const from = state?.from?.startsWith('/') && !state.from.startsWith('/login') ? state.from : '/';
    return <Navigate to={from} replace />;
  }
  return <LoginPage />;
}
