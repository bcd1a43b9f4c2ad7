/** The audit trail of staff actions (super admins). */
import type { AuditPage } from '../audit';
import { auditQuerySchema } from '../schemas/audit';
import { type ApiRoute, lambdaRoutes, returns, SUPER_ADMIN } from './kit';

const audit = lambdaRoutes('audit');

export const AUDIT_ROUTES = [
  audit.get('/audit', SUPER_ADMIN, 'Audit entries, newest first (user, action, day; cursor paging)', {
    query: auditQuerySchema,
    result: returns<AuditPage>(),
  }),
] as const satisfies readonly ApiRoute[];
