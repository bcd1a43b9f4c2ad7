import { ADVERTISING_GROUP, type WebResource } from '../app/resource';
import { createGate, editGate, lazyScreen, listGate } from '../app/screen';

const manage = lazyScreen(() => import('./ManageAdvertisementPage'), 'ManageAdvertisementPage');
const create = lazyScreen(() => import('./AdvertisementFormPage'), 'CreateAdvertisementPage');
const edit = lazyScreen(() => import('./AdvertisementFormPage'), 'EditAdvertisementPage');
const backTo = '/advertisement';
const resource = 'Advertisement';

export default {
  routes: [
    { path: '/advertisement', title: 'Advertisement Management', ...listGate(resource), screen: manage },
    { path: '/advertisement/create', title: 'Add Advertisement', ...createGate(resource), backTo, screen: create },
    { path: '/advertisement/edit/:id', title: 'Update Advertisement', ...editGate(resource), backTo, screen: edit },
  ],
  nav: [{ section: 'Business', group: ADVERTISING_GROUP, order: 10, label: 'Advertisements', to: '/advertisement' }],
} satisfies WebResource;
