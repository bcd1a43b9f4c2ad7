import { CONTENT_ROUTES } from '../../shared/routes/content';
import { admitContentKey } from '../content/gate';
import { handlerFactory } from '../lib/http';
import { showPreview } from './service';

/**
 * The delivery API's preview Lambda: callers hold a content key (as for the delivery Lambda, content/gate.ts) and a
 * preview token. It reads articles as saved, which the delivery Lambda may not (infra/aws/functions.ts).
 */
const createHandler = handlerFactory(admitContentKey, () => false);

export const handler = createHandler('content-preview', CONTENT_ROUTES, {
  'GET /content/v1/preview/{token}': (req) => showPreview(req.params.token ?? ''),
});
