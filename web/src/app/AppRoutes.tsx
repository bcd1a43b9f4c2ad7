import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginRoute } from '../auth/LoginRoute';
import { LoadingScreen } from '../common/LoadingScreen';
import { RequireAuth } from '../session/RequireAuth';
import { APP_ROUTES } from './routes';

// The admin shell and its pages load only after sign-in, so /login stays light.
const AdminLayout = lazy(() => import('./AdminLayout').then((m) => ({ default: m.AdminLayout })));
const RouteScreen = lazy(() => import('./RouteScreen').then((m) => ({ default: m.RouteScreen })));
const NotFoundPage = lazy(() => import('../common/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** /login stands alone; every resource's routes open inside the admin layout, behind RequireAuth. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/login" element={<LoginRoute />} />
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
