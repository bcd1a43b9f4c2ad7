import { ADVERTISING_GROUP, type WebResource } from '../app/resource';
import { crudRoutes, lazyScreen, listGate } from '../app/screen';
import { trashRoute } from '../common/trash/trash-route';

const form = () => import('./ClientFormPage');

/** The advertisers (clients) advertisements are booked for. */
export default {
  routes: [
    ...crudRoutes('Client', '/client', {
      list: { title: 'Client Management', screen: lazyScreen(() => import('./ManageClientPage'), 'ManageClientPage') },
      create: { title: 'Add Client', screen: lazyScreen(form, 'CreateClientPage') },
      edit: { title: 'Update Client', screen: lazyScreen(form, 'EditClientPage'), editOwn: true },
    }),
    trashRoute('Client', '/client', 'Client Trash'),
    {
      // The report reads ads (GET /advertisement/report needs Read on Advertisement), whatever the user may do to clients.
      path: '/client/report/:id',
      title: 'Client Report',
      ...listGate('Advertisement'),
      backTo: '/client',
      screen: lazyScreen(() => import('./report/ClientReportPage'), 'ClientReportPage'),
    },
  ],
  nav: [{ section: 'Business', group: ADVERTISING_GROUP, order: 11, label: 'Clients', to: '/client' }],
} satisfies WebResource;
