/**
 * The gate every non-public route passes before its body is read: a signed-in user (auth/access.ts), allowed by
 * the route table's access rule, and enrolled in two-factor sign-in when a role requires it. Every handler.ts
 * takes `createHandler` from here; lib/http.ts stays below the features and receives the gate as a function.
 */
import type { ApiRoute, RouteAccess } from '../../shared/api';
import { TWO_FACTOR_REQUIRED_MESSAGE } from '../../shared/constants';
import { canAccess } from '../../shared/permissions';
import { forbidden } from '../lib/errors';
import { handlerFactory } from '../lib/http';
import { type AuthUser, mustEnrolTwoFactor } from '../user/auth-user';
import { authenticate } from './access';

/** The route table's access rule (signed-in is already checked by the caller). */
function routeAllows(user: AuthUser, access: RouteAccess): boolean {
  if (access.kind === 'permission') return canAccess(user, access.resource, access.actions);
  if (access.kind === 'anyOf') return access.grants.some((g) => canAccess(user, g.resource, g.actions));
  if (access.kind === 'superAdmin') return user.isSuperAdmin;
  // A delivery route takes a content key, not a sign-in: a staff Lambda never serves one.
  if (access.kind === 'contentKey') return false;
  return true;
}

async function admit(authorization: string, route: ApiRoute): Promise<AuthUser> {
  const user = await authenticate(authorization);
  if (!routeAllows(user, route.access)) throw forbidden();
  if (mustEnrolTwoFactor(user) && !route.beforeTwoFactor) throw forbidden(TWO_FACTOR_REQUIRED_MESSAGE);
  return user;
}

/**
 * The Lambda handler of one resource: `createHandler(lambda, table, impls)`, its routes from `table` (its resource's
 * route file), their code from `impls`.
 */
export const createHandler = handlerFactory(admit, (user, grant) => canAccess(user, grant.resource, grant.actions));
