/** Articles of every type, their workflow and import. */

import { ARTICLE_RESOURCE } from '../permissions';
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
import type { PreviewLink } from '../schemas/preview';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, bodyForms, lambdaRoutes, need, recordRoutes, returns, SIGNED_IN } from './kit';
import { trashRoutes } from './trash';

const cms = recordRoutes('article', ARTICLE_RESOURCE, ['Edit', 'EditOwn']);
const cmsImport = lambdaRoutes('article-import');

export const ARTICLE_ROUTES = [
  cms.list('/cms', 'List articles with filters', articleListQuerySchema, returns<ListPage<ArticleRow>>()),
  cms.get('/cms/counts', cms.can.read, 'How many articles each status holds (the list tabs), or one author', {
    query: articleCountsQuerySchema,
    result: returns<ArticleCounts>(),
  }),
  cms.one('/cms/detail/{id}', 'One article', returns<ArticleDetail>()),
  cms.create('/cms/create', 'Create an article', articleCreateSchema, returns<ArticleDetail>()),
  cms.update(
    '/cms/{id}',
    'Update an article or change its status',
    bodyForms({
      forms: ARTICLE_UPDATE_FORMS,
      formOf: articleUpdateForm,
      describe: {
        move: 'A list action: the version read and the action (a reject with its `note`); the content stays as it is.',
        save: "An editor's save: the content, the version read and the button's action. Which fields are required depends on the article's type (CONTRACT.md §5).",
      },
    }),
    returns<ArticleDetail>(),
  ),
  // Whoever may open the article in the editor may preview it; the link reads it as saved, nothing more.
  cms.post(
    '/cms/{id}/preview-link',
    cms.can.open,
    "A signed, short-lived link to the article on the site's own preview",
    {
      result: returns<PreviewLink>(),
    },
  ),
  cms.get('/cms/history/{id}', cms.can.open, "An article's history: who changed what, when, and its status moves", {
    result: returns<ListPage<ArticleHistoryEntry>>(),
  }),
  // Editing that never loses work (functions/article/editing/): locks, autosaves, drafts of live articles, revisions.
  cms.post('/cms/{id}/lock', cms.can.edit, 'Take, refresh or take over the edit lock', {
    body: articleLockSchema,
    result: returns<EditLock>(),
  }),
  cms.delete('/cms/{id}/lock', cms.can.edit, 'Release my edit lock', { result: returns<null>() }),
  cms.get('/cms/{id}/autosave', cms.can.edit, 'My autosave, when newer than the last save', {
    result: returns<ArticleAutosave | null>(),
  }),
  cms.post('/cms/{id}/autosave', cms.can.edit, 'Autosave what I am typing', {
    body: articleAutosaveSchema,
    result: returns<AutosaveReceipt>(),
  }),
  cms.delete('/cms/{id}/autosave', cms.can.edit, 'Drop my autosave', { result: returns<null>() }),
  cms.post('/cms/{id}/discard', cms.can.edit, "Drop a live article's unpublished changes", {
    body: articleVersionSchema,
    result: returns<ArticleDetail>(),
  }),
  cms.get('/cms/{id}/revisions', cms.can.open, "An article's revisions, newest first", {
    result: returns<ListPage<RevisionSummary>>(),
  }),
  cms.get('/cms/{id}/revisions/{number}', cms.can.open, 'One revision in full', {
    result: returns<Revision>(),
  }),
  cms.post(
    '/cms/{id}/revisions/{number}/restore',
    cms.can.edit,
    'Restore a revision: a save of its content at the current version',
    { body: articleVersionSchema, result: returns<ArticleDetail>() },
  ),
  cms.get('/cms/notification', SIGNED_IN, 'Count of articles waiting in Need Review', {
    result: returns<ReviewCount>(),
  }),
  // PDF import (pdf.js) has its own Lambda for the same reason.
  cmsImport.post(
    '/cms/getHtml/',
    need(ARTICLE_RESOURCE, 'Write', 'Edit', 'EditOwn'),
    'Text of an uploaded PDF, for the article import',
    { body: importDocumentSchema, result: returns<ImportedText>() },
  ),
  ...trashRoutes(TRASHABLE_RESOURCES.article),
] as const satisfies readonly ApiRoute[];
