/** Users, the signed-in user's own record, and the bulk import. */

import type { CurrentUserView } from '../auth-types';
import { BULK_UPLOAD } from '../constants';
import { ARTICLE_RESOURCE } from '../permissions';
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
import { type ApiRoute, anyOf, bodyForms, fileUpload, type Grant, lambdaRoutes, need, returns, SIGNED_IN } from './kit';

/** The forms of PATCH /user that act on another user. */
const EDIT_USERS: Grant = { resource: 'User', actions: ['Edit'] };

const user = lambdaRoutes('user');
const userImport = lambdaRoutes('user-import');

export const USER_ROUTES = [
  user.get('/user/me', SIGNED_IN, 'The signed-in user with permissions', {
    beforeTwoFactor: true,
    result: returns<CurrentUserView>(),
  }),
  user.patch(
    '/user',
    SIGNED_IN,
    'Own profile or password; another user (the forms acting on another user need Edit on User)',
    {
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
  ),
  user.get(
    '/user',
    anyOf(
      { resource: 'User', actions: ['Read', 'Edit'] },
      { resource: ARTICLE_RESOURCE, actions: ['Write', 'Edit', 'EditOwn'] },
    ),
    'List users (needs Edit on User); ?all=true: every user’s _id and name (and email for readers of users)',
    { query: userListQuerySchema, result: returns<ListPage<UserView> | ListPage<UserOption>>() },
  ),
  user.get('/user/{id}', need('User', 'Edit'), 'One user', { result: returns<UserDetail>() }),
  user.delete('/user/{id}/sessions', need('User', 'Edit'), 'End every session of a user', {
    result: returns<SessionsEnded>(),
  }),
  user.delete(
    '/user/{id}/two-factor',
    need('User', 'Edit'),
    "Reset a user's second factor (they enrol again if a role requires it)",
    { result: returns<{ reset: boolean }>() },
  ),
  user.post('/user', need('User', 'Write'), 'Create a user', { body: userCreateSchema, result: returns<UserView>() }),
  // Bulk user import has its own Lambda: its file parsers would slow every other user route's cold start.
  userImport.post('/user/bulkUpload/', need('User', 'Write'), 'Create users from a csv, xlsx or docx file', {
    body: fileUpload(BULK_UPLOAD.field, BULK_UPLOAD.accept),
    result: returns<UserImportReport>(),
  }),
] as const satisfies readonly ApiRoute[];
