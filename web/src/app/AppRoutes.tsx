import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginRoute, type SignInPreload } from '../auth/LoginRoute';
import { LoadingScreen } from '../common/LoadingScreen';
import { RequireAuth } from '../session/RequireAuth';
import { AdminLayout, preloadShellCode, preloadShellData, RouteScreen } from './preload';
import { APP_ROUTES } from './routes';

const NotFoundPage = lazy(() => import('../common/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** Sign-in fetches the shell and the screen it opens as the visitor types, then their reads at once. */
const SIGN_IN_PRELOAD: SignInPreload = { code: preloadShellCode, data: preloadShellData };

/** /login stands alone; every resource's routes open inside the admin layout, behind RequireAuth. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/login" element={<LoginRoute preload={SIGN_IN_PRELOAD} />} />
        <Route
          element={
            <RequireAuth>
              <AdminLayout />
            </RequireAuth>
          }
        >
          <Route path="/admin" element={<Navigate to="/" replace />} />
          {APP_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={<RouteScreen route={route} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
