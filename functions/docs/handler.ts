/**
 * GET /openapi.json: the API's contract, built once per container from the route table. Its own Lambda with
 * the bare router (no sign-in code: the route is public), so the document costs no other route's cold start.
 * Also API Gateway's `$default` (DEFAULT_ROUTE_LAMBDA): its router holds the whole table, which the document is
 * built from anyway, to tell a path of no route 404 from a known path's other method 405.
 */
import { ROUTES } from '../../shared/api';
import { forbidden } from '../lib/errors';
import { documentReply, handlerFactory } from '../lib/http';
import { openApiDocument } from './openapi';

let document: Record<string, unknown> | undefined;

const publicOnly = handlerFactory<{ _id: string }>(
  () => Promise.reject(forbidden()),
  () => false,
);

export const handler = publicOnly('docs', ROUTES, {
  'GET /openapi.json': () => {
    document ??= openApiDocument();
    return documentReply(document, { 'cache-control': 'public, max-age=300' });
  },
});
