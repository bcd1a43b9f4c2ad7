import { createHandler } from '../auth/gate';
import { reply, routeParam } from '../lib/http';
import { createBreakingNews, findBreakingNews, updateBreakingNews } from './service';

export const handler = createHandler('breaking-news', {
  'GET /breaking-news': (req) => findBreakingNews(req.query.page, req.query.limit),
  'POST /breaking-news': async (req) => reply(201, await createBreakingNews(req.body)),
  'PATCH /breaking-news/{id}': (req) => updateBreakingNews(routeParam(req, 'id'), req.body),
});
