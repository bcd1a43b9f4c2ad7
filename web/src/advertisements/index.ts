import { ADVERTISING_GROUP, type WebResource } from '../app/resource';
import { crudRoutes, lazyScreen } from '../app/screen';
import { trashRoute } from '../common/trash/trash-route';

const manage = lazyScreen(() => import('./ManageAdvertisementPage'), 'ManageAdvertisementPage');
const form = () => import('./AdvertisementFormPage');

export default {
  routes: [
    ...crudRoutes('Advertisement', '/advertisement', {
      list: { title: 'Advertisement Management', screen: manage },
      create: { title: 'Add Advertisement', screen: lazyScreen(form, 'CreateAdvertisementPage') },
      edit: { title: 'Update Advertisement', screen: lazyScreen(form, 'EditAdvertisementPage') },
    }),
    trashRoute('Advertisement', '/advertisement', 'Advertisement Trash'),
  ],
  nav: [{ section: 'Business', group: ADVERTISING_GROUP, order: 10, label: 'Advertisements', to: '/advertisement' }],
} satisfies WebResource;
