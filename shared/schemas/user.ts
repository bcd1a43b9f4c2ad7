/** Users: the forms of CONTRACT.md §2 and the rules of CONTRACT.md §5, shared by the web forms and the API. */
import type { CurrentUserView, RoleRef } from '../auth-types';
import { AUTH, STATUSES, type Status } from '../constants';
import type { ModelPermissions } from '../permissions';
import {
  confirmPasswordField,
  emailField,
  idField,
  newPasswordField,
  optionalText,
  passwordsMatch,
  phoneField,
  requiredText,
  versionField,
} from './common';
import { allFlag, pagingFields } from './list-query';
import * as z from './z';

export const MAX_ROLES_PER_USER = 20;

const nameField = requiredText('Name is required', 100);
const rolesField = z.array(idField).check(z.maxLength(MAX_ROLES_PER_USER, `At most ${MAX_ROLES_PER_USER} roles`));
/** The details an admin gives a user, on the Create and Edit forms. */
const userDetailsFields = { email: emailField, name: nameField, phone: phoneField };

/** Create User: email, name, phone, roles, password, confirm password. */
export const userCreateSchema = z
  .object({
    ...userDetailsFields,
    roles: z._default(rolesField, []),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .check(passwordsMatch);
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** Edit User (an admin editing someone): PATCH /user with the user's _id and the version it was read at. */
export const userEditSchema = z.object({
  _id: idField,
  version: versionField,
  ...userDetailsFields,
  roles: rolesField,
});
export type UserEditInput = z.infer<typeof userEditSchema>;

/** Block / Unblock: PATCH /user { _id, version, status }. */
export const userStatusSchema = z.object({
  _id: idField,
  version: versionField,
  status: z.enum(STATUSES.filter((s) => s !== 'Init') as ['Enable', 'Disable'], 'Status must be Enable or Disable'),
});
export type UserStatusInput = z.infer<typeof userStatusSchema>;

export const CURRENT_PASSWORD_MISSING = 'Enter your current password';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct';

const newPasswordFields = { password: newPasswordField, confirmPassword: confirmPasswordField };

/** Change Password, for a user (with _id) or one's own (without, or with one's own _id): the admin's form. */
export const passwordChangeSchema = z.object({ _id: z.optional(idField), ...newPasswordFields }).check(passwordsMatch);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** An admin setting another user's password: PATCH /user { _id, password, confirmPassword }. */
export const userPasswordChangeSchema = z.object({ _id: idField, ...newPasswordFields }).check(passwordsMatch);
export type UserPasswordChangeInput = z.infer<typeof userPasswordChangeSchema>;

/** A password longer than bcrypt takes was never set, so it cannot be the current one. */
const currentPasswordField = z.exactString({ error: CURRENT_PASSWORD_MISSING }).check(
  z.minLength(1, CURRENT_PASSWORD_MISSING),
  z.refine((p) => new TextEncoder().encode(p).length <= AUTH.maxPasswordBytes, CURRENT_PASSWORD_WRONG),
);

/** Changing one's own password takes the current one: a borrowed session alone cannot take the account over. */
export const ownPasswordChangeSchema = z
  .object({ _id: z.optional(idField), currentPassword: currentPasswordField, ...newPasswordFields })
  .check(passwordsMatch);
export type OwnPasswordChangeInput = z.infer<typeof ownPasswordChangeSchema>;

/** Profile: one's own details. Email is shown but not changed here; roles and status are never taken. */
export const profileSchema = z.object({
  version: versionField,
  name: nameField,
  phone: phoneField,
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  city: optionalText(100),
  pincode: z.optional(z.string().check(z.trim(), z.regex(/^[0-9A-Za-z -]{0,12}$/, 'Pincode is not valid'))),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export type PatchUserKind = 'ownPassword' | 'password' | 'status' | 'edit' | 'profile';

/**
 * Which form a PATCH /user body is, by the fields it carries (CONTRACT.md §7: one route for all of them), so the API
 * can decide who may send it before it checks the fields.
 */
export function patchUserKind(body: unknown, ownId: string): PatchUserKind {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const someoneElse = typeof b._id === 'string' && b._id !== ownId;
  if ('password' in b || 'confirmPassword' in b || 'currentPassword' in b) {
    return someoneElse ? 'password' : 'ownPassword';
  }
  if ('status' in b) return 'status';
  return someoneElse ? 'edit' : 'profile';
}

/** PATCH /user's forms, one per kind (the route table says which need Edit on User). */
export const PATCH_USER_FORMS = {
  profile: profileSchema,
  ownPassword: ownPasswordChangeSchema,
  password: userPasswordChangeSchema,
  status: userStatusSchema,
  edit: userEditSchema,
} satisfies Record<PatchUserKind, z.ZodMiniType>;

/** GET /user's query: paging, or `all=true` for the pickers' list. */
export const userListQuerySchema = z.object({ ...pagingFields(), all: allFlag });
export type UserListQuery = z.infer<typeof userListQuerySchema>;

// ---- What the API returns (types only) ----

/** A user as GET /user lists them and the writes return them: never the password hash or the token version. */
export interface UserView {
  _id: string;
  name: string;
  email: string;
  phone: string;
  roles: RoleRef[];
  /**
   * What the user's roles grant, disabled roles included: what an admin must hold to change this user
   * (shared/authority.ts). Their effective permissions count only enabled roles.
   */
  grants: ModelPermissions;
  status: Status;
  isSuperAdmin: boolean;
  addressLine1: string;
  addressLine2: string;
  city: string;
  pincode: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** GET /user/{id}: the user, and whether signing in asks them for a second factor. */
export interface UserDetail extends UserView {
  twoFactorEnabled: boolean;
}

/** A row of GET /user?all=true (the pickers): the email only for those who may read users. */
export interface UserOption {
  _id: string;
  name: string;
  email?: string;
}

/** What PATCH /user returns for each of its forms (see patchUserKind). */
export interface PatchUserResults {
  profile: CurrentUserView;
  /** A fresh token for this session: every other session of the user ended. */
  ownPassword: { token: string };
  password: { _id: string };
  status: UserView;
  edit: UserView;
}

/** One row of the bulk upload's report; `row` counts the file's user rows from 1. */
export interface UserImportRow {
  row: number;
  email: string;
  status: 'created' | 'failed';
  reason?: string;
}

/** POST /user/bulkUpload/: how many were created and failed, and each row. */
export interface UserImportReport {
  created: number;
  failed: number;
  rows: UserImportRow[];
}
