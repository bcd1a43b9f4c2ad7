/** Articles of every type, their workflow and import. */

import {
  ARTICLE_UPDATE_FORMS,
  articleCreateSchema,
  articleListQuerySchema,
  articleUpdateForm,
  importDocumentSchema,
} from '../schemas/article';
import type {
  ArticleDetail,
  ArticleHistoryEntry,
  ArticleRow,
  ImportedText,
  ReviewCount,
} from '../schemas/article-record';
import type { ListPage } from '../schemas/common';
import { type ApiRoute, bodyForms, need, returns, SIGNED_IN } from './kit';

export const ARTICLE_ROUTES = [
  {
    method: 'GET',
    path: '/cms',
    lambda: 'cms',
    access: need('Cms', 'Read'),
    summary: 'List articles with filters',
    query: articleListQuerySchema,
    result: returns<ListPage<ArticleRow>>(),
  },
  {
    method: 'GET',
    path: '/cms/detail/{id}',
    lambda: 'cms',
    access: need('Cms', 'Read', 'Edit', 'EditOwn'),
    summary: 'One article',
    result: returns<ArticleDetail>(),
  },
  {
    method: 'POST',
    path: '/cms/create',
    lambda: 'cms',
    access: need('Cms', 'Write'),
    summary: 'Create an article',
    body: articleCreateSchema,
    result: returns<ArticleDetail>(),
  },
  {
    method: 'PATCH',
    path: '/cms/{id}',
    lambda: 'cms',
    access: need('Cms', 'Edit', 'EditOwn'),
    summary: 'Update an article or change its status',
    body: bodyForms({
      forms: ARTICLE_UPDATE_FORMS,
      formOf: articleUpdateForm,
      describe: {
        move: 'A list action: the version read and the action; the content stays as it is.',
        save: "An editor's save: the content, the version read and the button's action. Which fields are required depends on the article's type (SPEC §5).",
      },
    }),
    result: returns<ArticleDetail>(),
  },
  {
    method: 'GET',
    path: '/cms/history/{id}',
    lambda: 'cms',
    access: need('Cms', 'Read', 'Edit', 'EditOwn'),
    summary: "An article's history: who changed what, when, and its status moves",
    result: returns<ListPage<ArticleHistoryEntry>>(),
  },
  {
    method: 'GET',
    path: '/cms/notification',
    lambda: 'cms',
    access: SIGNED_IN,
    summary: 'Count of articles waiting in Need Review',
    result: returns<ReviewCount>(),
  },
  // PDF import (pdf.js) has its own Lambda for the same reason.
  {
    method: 'POST',
    path: '/cms/getHtml/',
    lambda: 'cms-import',
    access: need('Cms', 'Write', 'Edit', 'EditOwn'),
    summary: 'Text of an uploaded PDF, for the article import',
    body: importDocumentSchema,
    result: returns<ImportedText>(),
  },
] as const satisfies readonly ApiRoute[];
