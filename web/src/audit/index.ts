import { IconHistory } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { lazyScreen } from '../app/screen';

const audit = lazyScreen(() => import('./AuditPage'), 'AuditPage');

/** Who did what to accounts, roles, the site and the home page; GET /audit is for super admins only. */
export default {
  routes: [{ path: '/audit', title: 'Audit Trail', superAdminOnly: true, screen: audit }],
  nav: [{ section: 'Administration', order: 40, label: 'Audit Trail', to: '/audit', icon: IconHistory }],
} satisfies WebResource;
