import { IconLayoutDashboard } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { lazyScreen } from '../app/screen';
import { preloadDashboard } from './api';

const dashboard = lazyScreen(() => import('./DashboardPage'), 'DashboardPage');

/** The dashboard, also at /settings; any signed-in user may open it. */
export default {
  routes: [
    { path: '/', title: 'Dashboard', screen: dashboard, preload: preloadDashboard },
    { path: '/settings', title: 'Dashboard', screen: dashboard, preload: preloadDashboard },
  ],
  nav: [
    {
      section: 'Overview',
      order: 10,
      label: 'Dashboard',
      to: '/',
      icon: IconLayoutDashboard,
      alsoMatches: ['/settings'],
    },
  ],
} satisfies WebResource;
