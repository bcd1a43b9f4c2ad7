import { auditQuerySchema } from '../../shared/schemas/audit';
import { badRequest } from '../lib/errors';
import { createHandler, parseWith } from '../lib/http';
import { listAudit } from './repo';

/** A cursor that decodes but names no position of this query: DynamoDB refuses it as a ValidationException. */
const isRefusedKey = (error: unknown) => (error as { name?: string })?.name === 'ValidationException';

export const handler = createHandler('audit', {
  'GET /audit': async (req) => {
    const { user, action, day, cursor, limit } = parseWith(auditQuerySchema, req.query);
    try {
      return await listAudit({ userId: user, action, day, cursor, limit });
    } catch (error) {
      if (cursor && isRefusedKey(error)) throw badRequest('cursor is not valid');
      throw error;
    }
  },
});
