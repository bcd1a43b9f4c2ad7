import { IconBolt } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { lazyScreen, listGate } from '../app/screen';
import { trashRoute } from '../common/trash/trash-route';

const manage = lazyScreen(() => import('./ManageBreakingNewsPage'), 'ManageBreakingNewsPage');

/** The path is spelt so, and CONTRACT.md §2 titles the page 'Manage Category'. */
export default {
  routes: [
    { path: '/breraking-news', title: 'Manage Category', ...listGate('BreakingNews'), screen: manage },
    trashRoute('BreakingNews', '/breraking-news', 'Breaking News Trash'),
  ],
  nav: [{ section: 'Content', order: 30, label: 'Breaking News', to: '/breraking-news', icon: IconBolt }],
} satisfies WebResource;
