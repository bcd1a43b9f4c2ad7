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
import { type ApiRoute, bodyForms, lambdaRoutes, need, returns, SIGNED_IN } from './kit';

const cms = lambdaRoutes('cms');
const cmsImport = lambdaRoutes('cms-import');

export const ARTICLE_ROUTES = [
  cms.get('/cms', need('Cms', 'Read'), 'List articles with filters', {
    query: articleListQuerySchema,
    result: returns<ListPage<ArticleRow>>(),
  }),
  cms.get('/cms/detail/{id}', need('Cms', 'Read', 'Edit', 'EditOwn'), 'One article', {
    result: returns<ArticleDetail>(),
  }),
  cms.post('/cms/create', need('Cms', 'Write'), 'Create an article', {
    body: articleCreateSchema,
    result: returns<ArticleDetail>(),
  }),
  cms.patch('/cms/{id}', need('Cms', 'Edit', 'EditOwn'), 'Update an article or change its status', {
    body: bodyForms({
      forms: ARTICLE_UPDATE_FORMS,
      formOf: articleUpdateForm,
      describe: {
        move: 'A list action: the version read and the action; the content stays as it is.',
        save: "An editor's save: the content, the version read and the button's action. Which fields are required depends on the article's type (SPEC §5).",
      },
    }),
    result: returns<ArticleDetail>(),
  }),
  cms.get(
    '/cms/history/{id}',
    need('Cms', 'Read', 'Edit', 'EditOwn'),
    "An article's history: who changed what, when, and its status moves",
    { result: returns<ListPage<ArticleHistoryEntry>>() },
  ),
  cms.get('/cms/notification', SIGNED_IN, 'Count of articles waiting in Need Review', {
    result: returns<ReviewCount>(),
  }),
  // PDF import (pdf.js) has its own Lambda for the same reason.
  cmsImport.post(
    '/cms/getHtml/',
    need('Cms', 'Write', 'Edit', 'EditOwn'),
    'Text of an uploaded PDF, for the article import',
    { body: importDocumentSchema, result: returns<ImportedText>() },
  ),
] as const satisfies readonly ApiRoute[];
