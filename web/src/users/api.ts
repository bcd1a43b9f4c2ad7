/** Users: the reads (SWR, keyed by API path) and the writes of CONTRACT.md §7 (one PATCH /user, five forms). */
import type { RouteBodyInput } from '../../../shared/api';
import { BULK_UPLOAD, PAGE_SIZE } from '../../../shared/constants';
import type { ListPage } from '../../../shared/schemas/common';
import type {
  OwnPasswordChangeInput,
  PasswordChangeInput,
  PatchUserKind,
  PatchUserResults,
  ProfileInput,
  UserCreateInput,
  UserEditInput,
  UserOption,
  UserStatusInput,
  UserView,
} from '../../../shared/schemas/user';
import { api } from '../api/client';
import { apiKey, listReads, useApi } from '../api/use-api';

export type {
  UserDetail,
  UserImportReport as BulkUploadResult,
  UserImportRow as BulkUploadRow,
  UserOption,
  UserView as UserRow,
} from '../../../shared/schemas/user';

export const usersKey = (page: number) =>
  apiKey<'GET /user', ListPage<UserView>>('GET /user', { query: { page, limit: PAGE_SIZE } });
export const userKey = (id: string) => apiKey('GET /user/{id}', { params: { id } });
/** GET /user?all=true: every user's id and name (and email for those who may read users), for pickers. */
export const USER_OPTIONS_KEY = apiKey<'GET /user', ListPage<UserOption>>('GET /user', { query: { all: 'true' } });

export const [useUsers, useUser, revalidateUsers] = listReads('/user', usersKey, userKey);

/** The pickers' users (author, audit filter): read once, not again on focus. */
export function useUserOptions(enabled = true) {
  return useApi(enabled ? USER_OPTIONS_KEY : null, { revalidateOnFocus: false });
}

export function createUser(body: UserCreateInput) {
  return api('POST /user', { body });
}

/** PATCH /user with one of its forms (see patchUserKind); the answer is that form's. */
const patchUser = <K extends PatchUserKind>(body: RouteBodyInput<'PATCH /user'>) =>
  api<'PATCH /user', PatchUserResults[K]>('PATCH /user', { body });

export function updateUser(body: UserEditInput) {
  return patchUser<'edit'>(body);
}

/** Block / Unblock; a blocked user's sessions end at once. */
export function setUserStatus(body: UserStatusInput) {
  return patchUser<'status'>(body);
}

/** Another user's password. */
export function changeUserPassword(body: Required<Pick<PasswordChangeInput, '_id'>> & PasswordChangeInput) {
  return patchUser<'password'>(body);
}

/**
 * One's own password. Every session of the user ends, this one included: the caller must store the token
 * that comes back.
 */
export function changeOwnPassword(body: Omit<OwnPasswordChangeInput, '_id'>) {
  return patchUser<'ownPassword'>(body);
}

/** One's own profile; returns the current user as `GET /user/me` does. */
export function updateProfile(body: ProfileInput) {
  return patchUser<'profile'>(body);
}

/** Signs the user out everywhere: each of their browsers goes to the sign-in page at its next request. */
export function endUserSessions(id: string) {
  return api('DELETE /user/{id}/sessions', { params: { id } });
}

/**
 * Removes the user's second factor (a lost phone): they sign in with the password alone, or set it up again at
 * once when a role of theirs requires it.
 */
export function resetUserTwoFactor(id: string) {
  return api('DELETE /user/{id}/two-factor', { params: { id } });
}

export function bulkUploadUsers(file: File) {
  const form = new FormData();
  form.append(BULK_UPLOAD.field, file);
  return api('POST /user/bulkUpload/', { body: form });
}
