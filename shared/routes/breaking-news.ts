/** Breaking news. */

import { SHARED_PAGE_SIZE } from '../constants';
import { type BreakingNews, breakingNewsSchema, breakingNewsUpdateSchema } from '../schemas/breaking-news';
import type { ListPage } from '../schemas/common';
import { pagingQuery } from '../schemas/list-query';
import { type ApiRoute, need, returns } from './kit';

export const BREAKING_NEWS_ROUTES = [
  {
    method: 'GET',
    path: '/breaking-news',
    lambda: 'breaking-news',
    access: need('BreakingNews', 'Read'),
    summary: 'List breaking news',
    query: pagingQuery(SHARED_PAGE_SIZE),
    result: returns<ListPage<BreakingNews>>(),
  },
  {
    method: 'POST',
    path: '/breaking-news',
    lambda: 'breaking-news',
    access: need('BreakingNews', 'Write'),
    summary: 'Add breaking news',
    body: breakingNewsSchema,
    result: returns<BreakingNews>(),
  },
  {
    method: 'PATCH',
    path: '/breaking-news/{id}',
    lambda: 'breaking-news',
    access: need('BreakingNews', 'Edit'),
    summary: 'Update breaking news or toggle its status',
    body: breakingNewsUpdateSchema,
    result: returns<BreakingNews>(),
  },
] as const satisfies readonly ApiRoute[];
