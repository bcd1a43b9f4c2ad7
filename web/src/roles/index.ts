import { ACCESS_GROUP, type WebResource } from '../app/resource';
import { crudRoutes, lazyScreen } from '../app/screen';

const form = () => import('./RoleFormPage');

export default {
  routes: crudRoutes('Role', '/role', {
    list: { title: 'Manage Role', screen: lazyScreen(() => import('./ManageRolePage'), 'ManageRolePage') },
    create: { title: 'Create Role', screen: lazyScreen(form, 'CreateRolePage') },
    edit: { title: 'Edit Role', screen: lazyScreen(form, 'EditRolePage') },
  }),
  nav: [{ section: 'Administration', group: ACCESS_GROUP, order: 10, label: 'Role Management', to: '/role' }],
} satisfies WebResource;
