/**
 * The signed-in user as `GET /user/me` and sign-in return it (CONTRACT.md §3): the shared view, two-factor state
 * included.
 */
import type { CurrentUserView, RoleRef as SharedRoleRef } from '../../../shared/auth-types';

export type RoleRef = SharedRoleRef;
export type CurrentUser = CurrentUserView;
