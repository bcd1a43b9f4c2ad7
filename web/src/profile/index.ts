import type { WebResource } from '../app/resource';
import { lazyScreen } from '../app/screen';

const profile = lazyScreen(() => import('./ProfilePage'), 'ProfilePage');
const changePassword = lazyScreen(() => import('./ChangePasswordPage'), 'ChangePasswordPage');

/** The signed-in user's own account: open to everyone, reached from the user menu rather than the sidebar. */
export default {
  routes: [
    { path: '/profile', title: 'Profile', backTo: '/', screen: profile },
    { path: '/change-password', title: 'Change Password', backTo: '/', screen: changePassword },
  ],
} satisfies WebResource;
