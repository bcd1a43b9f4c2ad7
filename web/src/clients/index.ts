import { ADVERTISING_GROUP, type WebResource } from '../app/resource';
import { createGate, editOrOwnGate, lazyScreen, listGate } from '../app/screen';

const manage = lazyScreen(() => import('./ManageClientPage'), 'ManageClientPage');
const create = lazyScreen(() => import('./ClientFormPage'), 'CreateClientPage');
const edit = lazyScreen(() => import('./ClientFormPage'), 'EditClientPage');

/** The advertisers (clients) advertisements are booked for. */
export default {
  routes: [
    { path: '/client', title: 'Client Management', ...listGate('Client'), screen: manage },
    { path: '/client/create', title: 'Add Client', ...createGate('Client'), backTo: '/client', screen: create },
    { path: '/client/edit/:id', title: 'Update Client', ...editOrOwnGate('Client'), backTo: '/client', screen: edit },
  ],
  nav: [{ section: 'Business', group: ADVERTISING_GROUP, order: 11, label: 'Clients', to: '/client' }],
} satisfies WebResource;
