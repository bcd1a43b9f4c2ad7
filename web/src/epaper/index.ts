import { IconNews } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { createGate, editOrOwnGate, lazyScreen, listGate } from '../app/screen';

const manage = lazyScreen(() => import('./ManageEpaperPage'), 'ManageEpaperPage');
const create = lazyScreen(() => import('./EpaperFormPage'), 'CreateEpaperPage');
const edit = lazyScreen(() => import('./EpaperFormPage'), 'EditEpaperPage');

export default {
  routes: [
    { path: '/epaper', title: 'Epaper Management', ...listGate('Epaper'), screen: manage },
    { path: '/epaper/create', title: 'Add Epaper', ...createGate('Epaper'), backTo: '/epaper', screen: create },
    { path: '/epaper/edit/:id', title: 'Update Epaper', ...editOrOwnGate('Epaper'), backTo: '/epaper', screen: edit },
  ],
  nav: [{ section: 'Content', order: 40, label: 'E-paper', to: '/epaper', icon: IconNews }],
} satisfies WebResource;
