/** The audit trail of staff actions (super admins). */
import type { AuditPage } from '../audit';
import { auditQuerySchema } from '../schemas/audit';
import { type ApiRoute, returns, SUPER_ADMIN } from './kit';

export const AUDIT_ROUTES = [
  {
    method: 'GET',
    path: '/audit',
    lambda: 'audit',
    access: SUPER_ADMIN,
    summary: 'Audit entries, newest first (user, action, day; cursor paging)',
    query: auditQuerySchema,
    result: returns<AuditPage>(),
  },
] as const satisfies readonly ApiRoute[];
