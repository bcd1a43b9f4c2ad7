/**
 * GET /openapi.json: the API's contract, built once per container from the route table. Its own Lambda with
 * the bare router (no sign-in code: the route is public), so the document costs no other route's cold start.
 */

import { DOCS_ROUTES } from '../../shared/routes/docs';
import { forbidden } from '../lib/errors';
import { documentReply, handlerFactory } from '../lib/http';
import { openApiDocument } from './openapi';

let document: Record<string, unknown> | undefined;

const publicOnly = handlerFactory<{ _id: string }>(
  () => Promise.reject(forbidden()),
  () => false,
);

export const handler = publicOnly('docs', DOCS_ROUTES, {
  'GET /openapi.json': () => {
    document ??= openApiDocument();
    return documentReply(document, { 'cache-control': 'public, max-age=300' });
  },
});
