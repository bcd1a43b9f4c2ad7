import { PermissionDenied } from '../common/PermissionDenied';
import { useSession } from '../session/session-context';
import { type AppRoute, canOpenRoute } from './screen';

/** The route gate of CONTRACT.md §6: the screen, or the denial message inside the layout. */
export function RouteScreen({ route }: { route: AppRoute }) {
  const { user } = useSession();
  if (!canOpenRoute(user, route)) return <PermissionDenied />;
  const Screen = route.screen;
  return <Screen title={route.title} backTo={route.backTo} />;
}
