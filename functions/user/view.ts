/** What a client may see of a user: never the password hash or the token version. */
import type { CurrentUserView } from '../../shared/auth-types';
import type { UserView } from '../../shared/schemas/user';
import { grantsOf } from '../role/authority';
import type { RoleRecord } from '../role/model';
import type { TwoFactorRecord } from '../two-factor/model';
import { type AuthUser, mustEnrolTwoFactor } from './auth-user';
import type { UserRecord } from './model';

export function publicUser(user: UserRecord, roles: RoleRecord[] = []): UserView {
  const byId = new Map(roles.map((r) => [r._id, r]));
  return {
    _id: user._id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    roles: user.roles.map((id) => ({ _id: id, name: byId.get(id)?.name ?? '' })),
    grants: grantsOf(user.roles.flatMap((id) => byId.get(id) ?? [])),
    status: user.status,
    isSuperAdmin: user.isSuperAdmin === true,
    addressLine1: user.addressLine1 ?? '',
    addressLine2: user.addressLine2 ?? '',
    city: user.city ?? '',
    pincode: user.pincode ?? '',
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    version: user.version,
  };
}

/** The signed-in user as `GET /user/me` and login return it: with merged permissions and two-factor state. */
export function currentUser(auth: AuthUser, twoFactor?: TwoFactorRecord): CurrentUserView {
  return {
    ...publicUser(auth.record, auth.roles),
    modelPermissions: auth.modelPermissions,
    twoFactorEnabled: auth.twoFactorEnabled,
    twoFactorRequired: auth.twoFactorRequired,
    twoFactorEnrolmentPending: mustEnrolTwoFactor(auth),
    ...(twoFactor?.enabled
      ? { twoFactorEnabledAt: twoFactor.enabledAt, recoveryCodesLeft: twoFactor.recoveryCodeHashes.length }
      : {}),
  };
}
