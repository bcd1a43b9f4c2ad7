/** Users, the signed-in user's own record, and the bulk import. */
import type { CurrentUserView } from '../auth-types';
import { BULK_UPLOAD } from '../constants';
import type { SessionsEnded } from '../schemas/auth';
import type { ListPage } from '../schemas/common';
import {
  PATCH_USER_FORMS,
  type PatchUserKind,
  type PatchUserResults,
  patchUserKind,
  type UserDetail,
  type UserImportReport,
  type UserOption,
  type UserView,
  userCreateSchema,
  userListQuerySchema,
} from '../schemas/user';
import { type ApiRoute, anyOf, bodyForms, fileUpload, type Grant, need, returns, SIGNED_IN } from './kit';

/** The forms of PATCH /user that act on another user. */
const EDIT_USERS: Grant = { resource: 'User', actions: ['Edit'] };

export const USER_ROUTES = [
  {
    method: 'GET',
    path: '/user/me',
    lambda: 'user',
    access: SIGNED_IN,
    beforeTwoFactor: true,
    summary: 'The signed-in user with permissions',
    result: returns<CurrentUserView>(),
  },
  {
    method: 'PATCH',
    path: '/user',
    lambda: 'user',
    access: SIGNED_IN,
    summary: 'Own profile or password; another user (the forms acting on another user need Edit on User)',
    body: bodyForms({
      forms: PATCH_USER_FORMS,
      formOf: patchUserKind,
      grants: { password: EDIT_USERS, status: EDIT_USERS, edit: EDIT_USERS },
      describe: {
        profile: "One's own profile (no _id, or one's own): name, phone, address, with the version read.",
        ownPassword: "One's own password: the current one and the new one twice; one's other sessions end.",
        password: "Another user's password (needs Edit on User): every session of theirs ends.",
        status: 'Block (Disable) or unblock (Enable) another user (needs Edit on User).',
        edit: "Another user's email, name, phone and roles, with the version read (needs Edit on User).",
      },
    }),
    result: returns<PatchUserResults[PatchUserKind]>(),
  },
  {
    method: 'GET',
    path: '/user',
    lambda: 'user',
    access: anyOf(
      { resource: 'User', actions: ['Read', 'Edit'] },
      { resource: 'Cms', actions: ['Write', 'Edit', 'EditOwn'] },
    ),
    summary: 'List users (needs Edit on User); ?all=true: every user’s _id and name (and email for readers of users)',
    query: userListQuerySchema,
    result: returns<ListPage<UserView> | ListPage<UserOption>>(),
  },
  {
    method: 'GET',
    path: '/user/{id}',
    lambda: 'user',
    access: need('User', 'Edit'),
    summary: 'One user',
    result: returns<UserDetail>(),
  },
  {
    method: 'DELETE',
    path: '/user/{id}/sessions',
    lambda: 'user',
    access: need('User', 'Edit'),
    summary: 'End every session of a user',
    result: returns<SessionsEnded>(),
  },
  {
    method: 'DELETE',
    path: '/user/{id}/two-factor',
    lambda: 'user',
    access: need('User', 'Edit'),
    summary: "Reset a user's second factor (they enrol again if a role requires it)",
    result: returns<{ reset: boolean }>(),
  },
  {
    method: 'POST',
    path: '/user',
    lambda: 'user',
    access: need('User', 'Write'),
    summary: 'Create a user',
    body: userCreateSchema,
    result: returns<UserView>(),
  },
  // Bulk user import has its own Lambda: its file parsers would slow every other user route's cold start.
  {
    method: 'POST',
    path: '/user/bulkUpload/',
    lambda: 'user-import',
    access: need('User', 'Write'),
    summary: 'Create users from a csv, xlsx or docx file',
    body: fileUpload(BULK_UPLOAD.field, BULK_UPLOAD.accept),
    result: returns<UserImportReport>(),
  },
] as const satisfies readonly ApiRoute[];
