import { SHARED_PAGE_SIZE } from '../../shared/constants';
import { breakingNewsSchema, breakingNewsUpdateSchema } from '../../shared/schemas/breaking-news';
import { createHandler, paging, parseWith, reply, routeParam } from '../lib/http';
import { createBreakingNews, findBreakingNews, updateBreakingNews } from './service';

export const handler = createHandler('breaking-news', {
  'GET /breaking-news': (req) => {
    const { page, limit } = paging(req.query, SHARED_PAGE_SIZE);
    return findBreakingNews(page, limit);
  },
  'POST /breaking-news': async (req) => reply(201, await createBreakingNews(parseWith(breakingNewsSchema, req.body))),
  'PATCH /breaking-news/{id}': (req) =>
    updateBreakingNews(routeParam(req, 'id'), parseWith(breakingNewsUpdateSchema, req.body)),
});
