/** Users: the reads (SWR, keyed by API path) and the writes of SPEC §7 (one PATCH /user, four bodies). */
import useSWR, { mutate } from 'swr';
import { PAGE_SIZE } from '../../../shared/constants';
import type {
  OwnPasswordChangeInput,
  PasswordChangeInput,
  ProfileInput,
  UserCreateInput,
  UserEditInput,
  UserStatusInput,
} from '../../../shared/schemas/user';
import { api } from '../api/client';
import type { ListPage } from '../api/list';
import type { CurrentUser, RoleRef } from '../session/types';

export interface UserRow {
  _id: string;
  name: string;
  email: string;
  phone: string;
  roles: RoleRef[];
  status: 'Enable' | 'Disable' | 'Init';
  isSuperAdmin: boolean;
  /** Whether signing in asks this user for a second factor (when the API tells). */
  twoFactorEnabled?: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface UserDetail extends UserRow {
  addressLine1: string;
  addressLine2: string;
  city: string;
  pincode: string;
}

export interface BulkUploadRow {
  row: number;
  email: string;
  status: 'created' | 'failed';
  reason?: string;
}

export interface BulkUploadResult {
  created: number;
  failed: number;
  rows: BulkUploadRow[];
}

export const usersKey = (page: number) => `/user?page=${page}&limit=${PAGE_SIZE}`;
export const userKey = (id: string) => `/user/${encodeURIComponent(id)}`;

export function useUsers(page: number) {
  return useSWR<ListPage<UserRow>>(usersKey(page), { keepPreviousData: true });
}

export function useUser(id: string | undefined) {
  // A form must not be refilled behind the user's back; it re-reads only on Reload.
  return useSWR<UserDetail>(id ? userKey(id) : null, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** After a write: every cached user list re-reads, and the one user if given. */
export function revalidateUsers(id?: string): Promise<unknown> {
  return mutate(
    (key) => typeof key === 'string' && (key.startsWith('/user?') || (id !== undefined && key === userKey(id))),
  );
}

export function createUser(body: UserCreateInput): Promise<UserDetail> {
  return api<UserDetail>('/user', { method: 'POST', body });
}

export function updateUser(body: UserEditInput): Promise<UserDetail> {
  return api<UserDetail>('/user', { method: 'PATCH', body });
}

/** Block / Unblock; a blocked user's sessions end at once. */
export function setUserStatus(body: UserStatusInput): Promise<UserDetail> {
  return api<UserDetail>('/user', { method: 'PATCH', body });
}

/** Another user's password. */
export function changeUserPassword(body: Required<Pick<PasswordChangeInput, '_id'>> & PasswordChangeInput) {
  return api<{ _id: string }>('/user', { method: 'PATCH', body });
}

/**
 * One's own password. Every session of the user ends, this one included: the caller must store the token
 * that comes back.
 */
export function changeOwnPassword(body: Omit<OwnPasswordChangeInput, '_id'>): Promise<{ token: string }> {
  return api<{ token: string }>('/user', { method: 'PATCH', body });
}

/** One's own profile; returns the current user as `GET /user/me` does. */
export function updateProfile(body: ProfileInput): Promise<CurrentUser> {
  return api<CurrentUser>('/user', { method: 'PATCH', body });
}

/** Signs the user out everywhere: each of their browsers goes to the sign-in page at its next request. */
export function endUserSessions(id: string): Promise<{ ended: number }> {
  return api<{ ended: number }>(`${userKey(id)}/sessions`, { method: 'DELETE' });
}

/**
 * Removes the user's second factor (a lost phone): they sign in with the password alone, or set it up again at
 * once when a role of theirs requires it.
 */
export function resetUserTwoFactor(id: string): Promise<{ reset: boolean }> {
  return api<{ reset: boolean }>(`${userKey(id)}/two-factor`, { method: 'DELETE' });
}

export function bulkUploadUsers(file: File): Promise<BulkUploadResult> {
  const form = new FormData();
  form.append('file', file);
  return api<BulkUploadResult>('/user/bulkUpload/', { method: 'POST', body: form });
}
