/** Breaking news. */

import { SHARED_PAGE_SIZE } from '../constants';
import { type BreakingNews, breakingNewsSchema, breakingNewsUpdateSchema } from '../schemas/breaking-news';
import type { ListPage } from '../schemas/common';
import { pagingQuery } from '../schemas/list-query';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, lambdaRoutes, need, returns } from './kit';
import { trashRoutes } from './trash';

const breakingNews = lambdaRoutes('breaking-news');

export const BREAKING_NEWS_ROUTES = [
  breakingNews.get('/breaking-news', need('BreakingNews', 'Read'), 'List breaking news', {
    query: pagingQuery(SHARED_PAGE_SIZE),
    result: returns<ListPage<BreakingNews>>(),
  }),
  breakingNews.post('/breaking-news', need('BreakingNews', 'Write'), 'Add breaking news', {
    body: breakingNewsSchema,
    result: returns<BreakingNews>(),
  }),
  breakingNews.patch('/breaking-news/{id}', need('BreakingNews', 'Edit'), 'Update breaking news or toggle its status', {
    body: breakingNewsUpdateSchema,
    result: returns<BreakingNews>(),
  }),
  ...trashRoutes(TRASHABLE_RESOURCES['breaking-news']),
] as const satisfies readonly ApiRoute[];
