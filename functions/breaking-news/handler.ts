import { BREAKING_NEWS_ROUTES } from '../../shared/routes/breaking-news';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { deleteFromTrash, listTrash, moveToTrash, restoreFromTrash } from '../trash/service';
import { BREAKING_NEWS_TRASH } from './model';
import { createBreakingNews, findBreakingNews, updateBreakingNews } from './service';

export const handler = createHandler('breaking-news', BREAKING_NEWS_ROUTES, {
  'GET /breaking-news': (req) => findBreakingNews(req.query.page, req.query.limit),
  'POST /breaking-news': async (req) => reply(201, await createBreakingNews(req.body)),
  'PATCH /breaking-news/{id}': (req) => updateBreakingNews(routeParam(req, 'id'), req.body),
  // The trash (functions/trash/): Remove on the resource.
  'DELETE /breaking-news/{id}': (req) =>
    moveToTrash(BREAKING_NEWS_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'GET /breaking-news/trash': (req) => listTrash(BREAKING_NEWS_TRASH, req.query.page, req.query.limit),
  'POST /breaking-news/trash/{id}/restore': (req) =>
    restoreFromTrash(BREAKING_NEWS_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'DELETE /breaking-news/trash/{id}': (req) =>
    deleteFromTrash(BREAKING_NEWS_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
});
