/** Breaking news. */

import { SHARED_PAGE_SIZE } from '../constants';
import { type BreakingNews, breakingNewsSchema, breakingNewsUpdateSchema } from '../schemas/breaking-news';
import type { ListPage } from '../schemas/common';
import { pagingQuery } from '../schemas/list-query';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, recordRoutes, returns } from './kit';
import { trashRoutes } from './trash';

const breakingNews = recordRoutes('breaking-news', 'BreakingNews');

export const BREAKING_NEWS_ROUTES = [
  breakingNews.list(
    '/breaking-news',
    'List breaking news',
    pagingQuery(SHARED_PAGE_SIZE),
    returns<ListPage<BreakingNews>>(),
  ),
  breakingNews.create('/breaking-news', 'Add breaking news', breakingNewsSchema, returns<BreakingNews>()),
  breakingNews.update(
    '/breaking-news/{id}',
    'Update breaking news or toggle its status',
    breakingNewsUpdateSchema,
    returns<BreakingNews>(),
  ),
  ...trashRoutes(TRASHABLE_RESOURCES['breaking-news']),
] as const satisfies readonly ApiRoute[];
