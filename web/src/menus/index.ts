import { IconPalette } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { crudRoutes, lazyScreen } from '../app/screen';
import { trashRoute } from '../common/trash/trash-route';

const editor = () => import('./MenuEditorPage');

/** /create (CONTRACT.md §2's path) is the menu editor for a new menu. */
export default {
  routes: [
    ...crudRoutes('Menu', '/menu', {
      list: { title: 'Menu Management', screen: lazyScreen(() => import('./ManageMenuPage'), 'ManageMenuPage') },
      create: { path: '/create', title: 'Add Menu', screen: lazyScreen(editor, 'CreateMenuPage') },
      edit: { path: '/menu/:id', title: 'Edit Menu', screen: lazyScreen(editor, 'EditMenuPage') },
    }),
    // A fixed segment outranks /menu/:id.
    trashRoute('Menu', '/menu', 'Menu Trash'),
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
