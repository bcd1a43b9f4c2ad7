import { ARTICLE_ROUTES } from '../../shared/routes/articles';
import { createHandler } from '../auth/gate';
import { numberParam, reply, routeParam, signedInUser } from '../lib/http';
import { deleteFromTrash, listTrash, moveToTrash, restoreFromTrash } from '../trash/service';
import { createArticle, discardChanges, restoreRevision, updateArticle } from './save';
import {
  articleCounts,
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
  previewLink,
  unlockArticle,
} from './service';
import { ARTICLE_TRASH } from './trash';

export const handler = createHandler('article', ARTICLE_ROUTES, {
  'GET /cms': (req) => findArticles(req.query),
  'GET /cms/counts': (req) => articleCounts(req.query),
  'GET /cms/detail/{id}': (req) => findArticle(signedInUser(req), routeParam(req, 'id')),
  'POST /cms/{id}/preview-link': (req) => previewLink(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/history/{id}': (req) => findHistory(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/notification': () => notificationCount(),
  'POST /cms/create': async (req) => reply(201, await createArticle(signedInUser(req), req.body, req.ip)),
  'PATCH /cms/{id}': (req) => updateArticle(signedInUser(req), routeParam(req, 'id'), req.body, req.ip),
  'POST /cms/{id}/lock': (req) => lockArticle(signedInUser(req), routeParam(req, 'id'), req.body.takeOver === true),
  'DELETE /cms/{id}/lock': (req) => unlockArticle(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/{id}/autosave': (req) => findAutosave(signedInUser(req), routeParam(req, 'id')),
  'POST /cms/{id}/autosave': (req) => autosaveArticle(signedInUser(req), routeParam(req, 'id'), req.body),
  'DELETE /cms/{id}/autosave': (req) => discardAutosave(signedInUser(req), routeParam(req, 'id')),
  'POST /cms/{id}/discard': (req) => discardChanges(signedInUser(req), routeParam(req, 'id'), req.body.version),
  'GET /cms/{id}/revisions': (req) => findRevisions(signedInUser(req), routeParam(req, 'id')),
  'GET /cms/{id}/revisions/{number}': (req) =>
    findRevision(signedInUser(req), routeParam(req, 'id'), numberParam(req, 'number')),
  'POST /cms/{id}/revisions/{number}/restore': (req) =>
    restoreRevision(signedInUser(req), routeParam(req, 'id'), numberParam(req, 'number'), req.body.version, req.ip),
  // The trash (functions/trash/): Remove on the resource.
  'DELETE /cms/{id}': (req) => moveToTrash(ARTICLE_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'GET /cms/trash': (req) => listTrash(ARTICLE_TRASH, req.query.page, req.query.limit),
  'POST /cms/trash/{id}/restore': (req) =>
    restoreFromTrash(ARTICLE_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'DELETE /cms/trash/{id}': (req) => deleteFromTrash(ARTICLE_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
});
