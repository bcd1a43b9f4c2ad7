import { ACCESS_GROUP, type WebResource } from '../app/resource';
import { createGate, editGate, lazyScreen, listGate } from '../app/screen';

const manage = lazyScreen(() => import('./ManageRolePage'), 'ManageRolePage');
const create = lazyScreen(() => import('./RoleFormPage'), 'CreateRolePage');
const edit = lazyScreen(() => import('./RoleFormPage'), 'EditRolePage');

export default {
  routes: [
    { path: '/role', title: 'Manage Role', ...listGate('Role'), screen: manage },
    { path: '/role/create', title: 'Create Role', ...createGate('Role'), backTo: '/role', screen: create },
    { path: '/role/edit/:id', title: 'Edit Role', ...editGate('Role'), backTo: '/role', screen: edit },
  ],
  nav: [{ section: 'Administration', group: ACCESS_GROUP, order: 10, label: 'Role Management', to: '/role' }],
} satisfies WebResource;
