import { IconCategory } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { lazyScreen, listGate } from '../app/screen';
import { trashRoute } from '../common/trash/trash-route';

const manage = lazyScreen(() => import('./ManageCategoryPage'), 'ManageCategoryPage');

/** One screen: the tree with its create and edit modals. The path is spelt so (CONTRACT.md §2). */
export default {
  routes: [
    { path: '/shop/catagory', title: 'Manage Category', ...listGate('Category'), screen: manage },
    trashRoute('Category', '/shop/catagory', 'Category Trash'),
  ],
  nav: [{ section: 'Content', order: 50, label: 'Manage Categories', to: '/shop/catagory', icon: IconCategory }],
} satisfies WebResource;
