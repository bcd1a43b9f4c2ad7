import { IconHome } from '@tabler/icons-react';
import type { NavGroupRef, WebResource } from '../app/resource';
import { lazyScreen } from '../app/screen';

const load = () => import('./HomeCurationPages');
const group: NavGroupRef = { label: 'Home Page', icon: IconHome };

/**
 * Home-page curation. No route gate: the screens show the layout read-only to those who may not change it. The
 * sidebar offers them only to those with Read or Edit on Home Page (Layout), marked read-only without Edit.
 */
export default {
  routes: [
    { path: '/home/top-headline', title: 'Manage Top Headlines', screen: lazyScreen(load, 'TopHeadlinePage') },
    { path: '/home/top-story', title: 'Manage Top Stories', screen: lazyScreen(load, 'TopStoryPage') },
    { path: '/home/cover-story', title: 'Manage Cover Story', screen: lazyScreen(load, 'CoverStoryPage') },
    { path: '/home/manage-section', title: 'Manage Home Page Sections', screen: lazyScreen(load, 'ManageSectionPage') },
  ],
  nav: [
    { section: 'Content', group, order: 20, label: 'Top Headlines', to: '/home/top-headline', resource: 'Layout' },
    { section: 'Content', group, order: 21, label: 'Top Stories', to: '/home/top-story', resource: 'Layout' },
    { section: 'Content', group, order: 22, label: 'Cover Story', to: '/home/cover-story', resource: 'Layout' },
    { section: 'Content', group, order: 23, label: 'Manage Sections', to: '/home/manage-section', resource: 'Layout' },
  ],
} satisfies WebResource;
