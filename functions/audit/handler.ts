import { AUDIT_ROUTES } from '../../shared/routes/audit';
import { createHandler } from '../auth/gate';
import { badRequest } from '../lib/errors';
import { listAudit } from './model';

/** A cursor that decodes but names no position of this query: DynamoDB refuses it as a ValidationException. */
const isRefusedKey = (error: unknown) => (error as { name?: string })?.name === 'ValidationException';

export const handler = createHandler('audit', AUDIT_ROUTES, {
  'GET /audit': async (req) => {
    const { user, action, day, cursor, limit } = req.query;
    try {
      return await listAudit({ userId: user, action, day, cursor, limit });
    } catch (error) {
      if (cursor && isRefusedKey(error)) throw badRequest('cursor is not valid');
      throw error;
    }
  },
});
