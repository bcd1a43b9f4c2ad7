import { IconSettings } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { lazyScreen } from '../app/screen';

const siteManagement = lazyScreen(() => import('./SiteManagementPage'), 'SiteManagementPage');

/** No route gate: the screen is read-only, with the reason, for those who may not change the site. */
export default {
  routes: [{ path: '/site-management', title: 'Site Management', backTo: '/', screen: siteManagement }],
  // Offered to those with Read or Edit on Site Management only; read-only without Edit.
  nav: [
    {
      section: 'Administration',
      order: 30,
      label: 'Site Management',
      to: '/site-management',
      icon: IconSettings,
      resource: 'Site',
    },
  ],
} satisfies WebResource;
