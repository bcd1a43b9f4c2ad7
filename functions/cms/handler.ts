import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createArticle, findArticle, findArticles, findHistory, notificationCount, updateArticle } from './service';

export const handler = createHandler('cms', {
  'GET /cms': (req) => findArticles(req.query),
  'GET /cms/detail/{id}': (req) => findArticle(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/history/{id}': (req) => findHistory(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/notification': () => notificationCount(),
  'POST /cms/create': async (req) => reply(201, await createArticle(signedInUser(req), req.body)),
  'PATCH /cms/{id}': (req) => updateArticle(signedInUser(req), routeParam(req, 'id'), req.body),
});
