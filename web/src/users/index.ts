import { ACCESS_GROUP, type WebResource } from '../app/resource';
import { createGate, editGate, lazyScreen } from '../app/screen';

const manage = lazyScreen(() => import('./ManageUserPage'), 'ManageUserPage');
const create = lazyScreen(() => import('./CreateUserPage'), 'CreateUserPage');
const edit = lazyScreen(() => import('./EditUserPage'), 'EditUserPage');
const changePassword = lazyScreen(() => import('./ChangeUserPasswordPage'), 'ChangeUserPasswordPage');
const backTo = '/user';

/** User accounts. The manage list requires Edit, not Read (CONTRACT.md §6). */
export default {
  routes: [
    { path: '/user', title: 'Manage User', ...editGate('User'), screen: manage },
    { path: '/user/create', title: 'Create User', ...createGate('User'), backTo, screen: create },
    { path: '/user/edit/:id', title: 'Edit User', ...editGate('User'), backTo, screen: edit },
    {
      path: '/user/change-password/:id',
      title: 'Change Password',
      ...editGate('User'),
      backTo,
      screen: changePassword,
    },
  ],
  nav: [{ section: 'Administration', group: ACCESS_GROUP, order: 11, label: 'User Management', to: '/user' }],
} satisfies WebResource;
