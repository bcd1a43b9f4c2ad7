import { IconPalette } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { createGate, editGate, lazyScreen, listGate } from '../app/screen';

const manage = lazyScreen(() => import('./ManageMenuPage'), 'ManageMenuPage');
const create = lazyScreen(() => import('./MenuEditorPage'), 'CreateMenuPage');
const edit = lazyScreen(() => import('./MenuEditorPage'), 'EditMenuPage');

/** /create (SPEC §2's path) is the menu editor for a new menu. */
export default {
  routes: [
    { path: '/menu', title: 'Menu Management', ...listGate('Menu'), screen: manage },
    { path: '/create', title: 'Add Menu', ...createGate('Menu'), backTo: '/menu', screen: create },
    { path: '/menu/:id', title: 'Edit Menu', ...editGate('Menu'), backTo: '/menu', screen: edit },
  ],
  nav: [
    {
      section: 'Administration',
      group: { label: 'Appearance', icon: IconPalette },
      order: 20,
      label: 'Menu Management',
      to: '/menu',
      alsoMatches: ['/create'],
    },
  ],
} satisfies WebResource;
