/**
 * The signed-in user as every service receives it: loaded for each request by auth/access.ts from the user,
 * their session, second factor and roles. It is declared here, with the user, because it is made of the user's
 * own records: services (this folder's too) can name it without depending on auth, which sits above them.
 */
import type { ModelPermissions } from '../../shared/permissions';
import type { RoleRecord } from '../role/model';
import type { SessionRecord } from '../session/model';
import type { UserRecord } from './model';

export interface AuthUser {
  _id: string;
  name: string;
  email: string;
  isSuperAdmin: boolean;
  modelPermissions: ModelPermissions;
  /** The user's roles as stored (enabled or not), for showing names. */
  roles: RoleRecord[];
  /** The stored record, for services that need more than the identity. */
  record: UserRecord;
  /** The session the request was made with (absent only while signing in). */
  session?: SessionRecord;
  twoFactorEnabled: boolean;
  /** An enabled role of the user requires two-factor sign-in. */
  twoFactorRequired: boolean;
}

/** Required by a role but not set up yet: the user may only enrol or sign out. */
export const mustEnrolTwoFactor = (user: AuthUser): boolean => user.twoFactorRequired && !user.twoFactorEnabled;
