/** Articles of every type, their workflow and import. */

import {
  ARTICLE_UPDATE_FORMS,
  articleAutosaveSchema,
  articleCountsQuerySchema,
  articleCreateSchema,
  articleListQuerySchema,
  articleLockSchema,
  articleUpdateForm,
  articleVersionSchema,
  importDocumentSchema,
} from '../schemas/article';
import type {
  ArticleAutosave,
  ArticleCounts,
  ArticleDetail,
  ArticleHistoryEntry,
  ArticleRow,
  AutosaveReceipt,
  EditLock,
  ImportedText,
  ReviewCount,
  Revision,
  RevisionSummary,
} from '../schemas/article-record';
import type { ListPage } from '../schemas/common';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, bodyForms, lambdaRoutes, need, returns, SIGNED_IN } from './kit';
import { trashRoutes } from './trash';

const cms = lambdaRoutes('article');
const cmsImport = lambdaRoutes('article-import');

export const ARTICLE_ROUTES = [
  cms.get('/cms', need('Cms', 'Read'), 'List articles with filters', {
    query: articleListQuerySchema,
    result: returns<ListPage<ArticleRow>>(),
  }),
  cms.get('/cms/counts', need('Cms', 'Read'), 'How many articles each status holds (the list tabs), or one author', {
    query: articleCountsQuerySchema,
    result: returns<ArticleCounts>(),
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
        move: 'A list action: the version read and the action (a reject with its `note`); the content stays as it is.',
        save: "An editor's save: the content, the version read and the button's action. Which fields are required depends on the article's type (CONTRACT.md §5).",
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
  // Editing that never loses work (functions/article/editing/): locks, autosaves, drafts of live articles, revisions.
  cms.post('/cms/{id}/lock', need('Cms', 'Edit', 'EditOwn'), 'Take, refresh or take over the edit lock', {
    body: articleLockSchema,
    result: returns<EditLock>(),
  }),
  cms.delete('/cms/{id}/lock', need('Cms', 'Edit', 'EditOwn'), 'Release my edit lock', { result: returns<null>() }),
  cms.get('/cms/{id}/autosave', need('Cms', 'Edit', 'EditOwn'), 'My autosave, when newer than the last save', {
    result: returns<ArticleAutosave | null>(),
  }),
  cms.post('/cms/{id}/autosave', need('Cms', 'Edit', 'EditOwn'), 'Autosave what I am typing', {
    body: articleAutosaveSchema,
    result: returns<AutosaveReceipt>(),
  }),
  cms.delete('/cms/{id}/autosave', need('Cms', 'Edit', 'EditOwn'), 'Drop my autosave', { result: returns<null>() }),
  cms.post('/cms/{id}/discard', need('Cms', 'Edit', 'EditOwn'), "Drop a live article's unpublished changes", {
    body: articleVersionSchema,
    result: returns<ArticleDetail>(),
  }),
  cms.get('/cms/{id}/revisions', need('Cms', 'Read', 'Edit', 'EditOwn'), "An article's revisions, newest first", {
    result: returns<ListPage<RevisionSummary>>(),
  }),
  cms.get('/cms/{id}/revisions/{number}', need('Cms', 'Read', 'Edit', 'EditOwn'), 'One revision in full', {
    result: returns<Revision>(),
  }),
  cms.post(
    '/cms/{id}/revisions/{number}/restore',
    need('Cms', 'Edit', 'EditOwn'),
    'Restore a revision: a save of its content at the current version',
    { body: articleVersionSchema, result: returns<ArticleDetail>() },
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
  ...trashRoutes(TRASHABLE_RESOURCES.article),
] as const satisfies readonly ApiRoute[];
