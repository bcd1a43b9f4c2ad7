import { IconNews } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { crudRoutes, lazyScreen } from '../app/screen';
import { trashRoute } from '../common/trash/trash-route';

const form = () => import('./EpaperFormPage');

export default {
  routes: [
    ...crudRoutes('Epaper', '/epaper', {
      list: { title: 'Epaper Management', screen: lazyScreen(() => import('./ManageEpaperPage'), 'ManageEpaperPage') },
      create: { title: 'Add Epaper', screen: lazyScreen(form, 'CreateEpaperPage') },
      edit: { title: 'Update Epaper', screen: lazyScreen(form, 'EditEpaperPage'), editOwn: true },
    }),
    trashRoute('Epaper', '/epaper', 'Epaper Trash'),
  ],
  nav: [{ section: 'Content', order: 40, label: 'E-paper', to: '/epaper', icon: IconNews }],
} satisfies WebResource;
