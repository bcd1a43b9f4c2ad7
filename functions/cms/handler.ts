import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createArticle, discardChanges, restoreRevision, updateArticle } from './save';
import {
  autosaveArticle,
  discardAutosave,
  findArticle,
  findArticles,
  findAutosave,
  findHistory,
  findRevision,
  findRevisions,
  lockArticle,
  notificationCount,
  unlockArticle,
} from './service';

export const handler = createHandler('cms', {
  'GET /cms': (req) => findArticles(req.query),
  'GET /cms/detail/{id}': (req) => findArticle(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/history/{id}': (req) => findHistory(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/notification': () => notificationCount(),
  'POST /cms/create': async (req) => reply(201, await createArticle(signedInUser(req), req.body)),
  'PATCH /cms/{id}': (req) => updateArticle(signedInUser(req), routeParam(req, 'id'), req.body),
  'POST /cms/{id}/lock': (req) => lockArticle(signedInUser(req), routeParam(req, 'id'), req.body.takeOver === true),
  'DELETE /cms/{id}/lock': (req) => unlockArticle(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/{id}/autosave': (req) => findAutosave(signedInUser(req), routeParam(req, 'id')),
  'POST /cms/{id}/autosave': (req) => autosaveArticle(signedInUser(req), routeParam(req, 'id'), req.body),
  'DELETE /cms/{id}/autosave': (req) => discardAutosave(signedInUser(req), routeParam(req, 'id')),
  'POST /cms/{id}/discard': (req) => discardChanges(signedInUser(req), routeParam(req, 'id'), req.body.version),
  'GET /cms/{id}/revisions': (req) => findRevisions(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/{id}/revisions/{number}': (req) =>
    findRevision(signedInUser(req), routeParam(req, 'id'), Number(routeParam(req, 'number'))),
  'POST /cms/{id}/revisions/{number}/restore': (req) =>
    restoreRevision(signedInUser(req), routeParam(req, 'id'), Number(routeParam(req, 'number')), req.body.version),
});
