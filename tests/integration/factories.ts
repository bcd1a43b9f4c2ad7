/**
 * The records integration tests set up, made in one place. API records go through `callRoute`, which takes a route
 * of the table by its id as the app's client does (web/src/api/client.ts): the body is typed by the route's schema
 * and the answer by its result, so a changed schema or result breaks the setup here, at compile time, rather than
 * in a dozen private copies. Users and roles are written straight through their repos: they are a test's actors,
 * not what it tests, and the repo gives them what the API would refuse a caller (super admin, a stored hash).
 *
 * Some articles are written straight to the table (articleRecord): those the API could not make as they are.
 * A test about a route itself (what it refuses, what it answers) keeps calling it with `call`: only setup lives here.
 */
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PDFDocument } from 'pdf-lib';
import {
  type ArticleContent,
  type ArticleRecord,
  CMS_ENTITY,
  contentItem,
  rowItem,
} from '../../functions/article/model';
import { db, tableName } from '../../functions/lib/db/client';
import { counterUpdate } from '../../functions/lib/db/counters';
import { newId, nowIso } from '../../functions/lib/ids';
import { hashPassword } from '../../functions/lib/passwords';
import { searchable } from '../../functions/lib/text';
import { insertRole, type RoleRecord } from '../../functions/role/model';
import { enableTwoFactor, putPendingTwoFactor } from '../../functions/two-factor/model';
import { insertUser, type UserRecord } from '../../functions/user/model';
import type { RouteBodyInput, RouteId, RouteResult } from '../../shared/api';
import type { ArticleType } from '../../shared/constants';
import type { ModelPermissions } from '../../shared/permissions';
import type { ArticleContentInput } from '../../shared/schemas/article';
import type { ArticleDetail, ArticleRow } from '../../shared/schemas/article-record';
import type { ListPage } from '../../shared/schemas/common';
import type { TrashTargetType } from '../../shared/trash-resources';
import type { WorkflowAction } from '../../shared/workflow';
import { routeAddress, withQuery } from '../../web/src/api/client';
import type { OptionalWhenEmpty, RouteAddress, RouteBodyOption } from '../../web/src/api/route-types';
import { type ApiResult, call, editorCall, errorText, inHours, login, uploadFile } from './helpers';

// ---- The typed call ----

/** What callRoute takes for a route: its path parameters, query and body as the app's client types them. */
export type RouteCallOptions<Id extends RouteId> = RouteAddress<Id> & RouteBodyOption<Id> & { token?: string };

/**
 * Calls a route of the table by its id (`'POST /cms/create'`), like the app's `api()`, but answering with the
 * status and the whole body (`call`'s result) so a test can look at a refusal too.
 */
export function callRoute<Id extends RouteId>(
  id: Id,
  ...[options]: OptionalWhenEmpty<RouteCallOptions<Id>>
): Promise<ApiResult<RouteResult<Id>>> {
  const { params, query, token, body } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean | null | undefined>;
    token?: string;
    body?: unknown;
  };
  const { method, path } = routeAddress(id, params);
  return call<RouteResult<Id>>(method, withQuery(path, query), { token, body });
}

/** The `data` of a call that had to succeed; anything but a 2xx with data throws, naming `what` and why. */
export async function dataOf<T>(result: Promise<ApiResult<T>> | ApiResult<T>, what: string): Promise<T> {
  const res = await result;
  if (res.status < 200 || res.status >= 300 || res.body.data === undefined)
    throw new Error(`${what} failed: ${res.status} ${errorText(res) || JSON.stringify(res.body)}`);
  return res.body.data;
}

// ---- Articles ----

/** One Editor.js paragraph block: the smallest content a section takes. */
export const paragraph = (text: string) => ({
  blocks: [{ type: 'paragraph', data: { text } }] as [{ type: 'paragraph'; data: { text: string } }],
});

/** The body of an Article or Blog: one untitled section holding one paragraph. */
export const sections = (text = 'Text.') => [{ title: '', body: paragraph(text) }];

/** What POST /cms/create takes (without `action`, which the create factories add). */
export type ArticleCreateBody = RouteBodyInput<'POST /cms/create'>;

/** Any type's fields, each optional: what a test sets on top of articleFields' defaults. */
export type ArticleOverrides = Partial<ArticleContentInput> & { type?: ArticleType; action?: WorkflowAction };

/**
 * A valid Article (CONTRACT.md §5: title, categories, author, section content and publish date) by `user` in
 * `categories`: a unique title, published an hour ago, one paragraph. Overrides replace fields whole; `undefined`
 * leaves a field out of the JSON.
 */
export function articleFields(
  refs: { categories: string[]; user: string },
  overrides: ArticleOverrides = {},
): ArticleCreateBody {
  return {
    type: 'Article',
    title: `Story ${newId()}`,
    categories: refs.categories,
    user: refs.user,
    publishDate: inHours(-1),
    body: sections(),
    ...overrides,
  } as ArticleCreateBody;
}

/** POST /cms/create with this body, as its editor's button `action` sends it (an `action` in the body wins); the answer as it is. */
export const postArticle = (token: string, body: ArticleCreateBody, action: WorkflowAction = 'save') =>
  callRoute('POST /cms/create', { token, body: { action, ...body } });

/** An article created with this body and action (201 or it throws): the article as the API answered it. */
export const createArticle = (token: string, body: ArticleCreateBody, action: WorkflowAction = 'save') =>
  dataOf(postArticle(token, body, action), 'create article');

/** A list action on an article (submit, approve, publish, retract …) at the version read: the article after it. */
export const moveArticle = (token: string, article: Pick<ArticleDetail, '_id' | 'version'>, action: WorkflowAction) =>
  dataOf(
    callRoute('PATCH /cms/{id}', { token, params: { id: article._id }, body: { version: article.version, action } }),
    `${action} article`,
  );

/**
 * An editor's save of an article at the version read, with its content and the button's `action`: the article
 * after it (200 or it throws). It takes the edit lock over first, as opening the editor does (editorCall).
 */
export const saveArticle = (
  token: string,
  article: Pick<ArticleDetail, '_id' | 'version'>,
  body: ArticleOverrides,
  action: WorkflowAction = 'save',
) =>
  dataOf(
    editorCall<ArticleDetail>('PATCH', `/cms/${article._id}`, {
      token,
      body: { version: article.version, action, ...body },
    }),
    `${action} article`,
  );

/** A row of the article list through the fields the list tests read (its id, title, status and version). */
export type ListedArticle = Pick<ArticleRow, '_id' | 'title' | 'status' | 'version'>;
/** A page of GET /cms read through ListedArticle. */
export type ArticleListPage = ListPage<ListedArticle>;

/** A page of the article list (GET /cms) for a query string as the app's list sends it (200 or it throws). */
export const listArticles = (token: string, query: string) =>
  dataOf(call<RouteResult<'GET /cms'>>('GET', `/cms?${query}`, { token }), 'list articles');

// ---- Articles written straight to the table ----

/**
 * An article's row as the cms module stores it, for a test that must write one past the API (an article from before
 * an index or a listing existed, or a Scheduled one already due, which the API would publish at once): a draft Page
 * by `author`, created now, at version 1, with `overrides` on top.
 */
export function articleRecord(
  author: { _id: string; name: string },
  overrides: Partial<ArticleRecord> = {},
): ArticleRecord {
  const _id = overrides._id ?? newId();
  const title = overrides.title ?? `Stored story ${_id}`;
  const at = nowIso();
  return {
    _id,
    type: 'Page',
    status: 'Draft',
    title,
    searchTitle: searchable(title),
    slug: `stored-${_id.toLowerCase()}`,
    categories: [],
    categoryNames: [],
    user: author._id,
    authorName: author.name,
    image: null,
    publishDate: null,
    isSponsored: false,
    views: 0,
    createdBy: author._id,
    createdAt: at,
    updatedAt: at,
    updatedBy: null,
    version: 1,
    ...overrides,
  };
}

/** A stored article's content: one paragraph, every other field empty. */
export const articleContent = (text = 'Old.'): ArticleContent => ({
  description: '',
  canonicalUrl: '',
  seo: { title: '', description: '', metaTags: [] },
  body: sections(text),
  imageAlt: '',
  imageTitle: '',
  tags: [],
  videos: [],
  gallery: [],
});

/** Writes an article's row and content as a save did before the listings and the title index: nothing else. */
export async function putLegacyArticle(row: ArticleRecord, content: ArticleContent = articleContent()): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: rowItem(row) }));
  await db().send(new PutCommand({ TableName: tableName(), Item: contentItem(row, content) }));
}

/** Writes an article's row with the counters it moves (All and its status), in one transaction, and nothing else. */
export async function putCountedArticleRow(row: ArticleRecord): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: rowItem(row) } },
        counterUpdate(CMS_ENTITY, 'ALL', 1),
        counterUpdate(CMS_ENTITY, row.status, 1),
      ],
    }),
  );
}

// ---- Categories, clients, breaking news ----

/** A category with a unique name (and whatever else `overrides` sets): the category as the API answered it. */
export const createCategory = (token: string, overrides: Partial<RouteBodyInput<'POST /category/create'>> = {}) =>
  dataOf(
    callRoute('POST /category/create', { token, body: { name: `Desk ${newId()}`, ...overrides } }),
    'create category',
  );

/** An advertising client with a unique name. */
export const createClient = (token: string, overrides: Partial<RouteBodyInput<'POST /client'>> = {}) =>
  dataOf(callRoute('POST /client', { token, body: { name: `Client ${newId()}`, ...overrides } }), 'create client');

/** An item of breaking news with a unique title. */
export const createBreakingNews = (token: string, overrides: Partial<RouteBodyInput<'POST /breaking-news'>> = {}) =>
  dataOf(
    callRoute('POST /breaking-news', { token, body: { title: `Breaking ${newId()}`, ...overrides } }),
    'create breaking news',
  );

// ---- Menus ----

/** A custom item linking the home page, for a menu whose items are not what a test is about. */
export const homeMenuItem = (itemId = 'home') =>
  ({ itemId, title: 'Home', url: '/', parent: null, menuType: 'custom' }) as const;

/** A menu of the footer ('menu-2', unless `overrides` names the top) with one Home item: as the API answered it. */
export const createMenu = (token: string, overrides: Partial<RouteBodyInput<'POST /menu/create'>> = {}) =>
  dataOf(
    callRoute('POST /menu/create', { token, body: { name: 'menu-2', items: [homeMenuItem()], ...overrides } }),
    'create menu',
  );

/**
 * PATCH /menu/{id} at the version read (none, when a read failed: the call is then refused), with `changes` (its
 * items, its place, active): the call's result, for the test to check.
 */
export const updateMenu = (
  token: string,
  id: string,
  version: number | undefined,
  changes: Omit<RouteBodyInput<'PATCH /menu/{id}'>, 'version'>,
) =>
  callRoute('PATCH /menu/{id}', {
    token,
    params: { id },
    body: { version, ...changes } as RouteBodyInput<'PATCH /menu/{id}'>,
  });

/** Makes a menu the active one of its place, at the version read. */
export const activateMenu = (token: string, menu: { _id: string; version: number }) =>
  updateMenu(token, menu._id, menu.version, { active: true });

// ---- Advertisements ----

/** A valid Bottom ad (CONTRACT.md §3–§5): its one verified Mobile image, running from in an hour for a day. */
export const bottomAd = (
  refs: { client: string; categories: string[]; mobile: string },
  extra: Partial<RouteBodyInput<'POST /advertisement'>> = {},
): RouteBodyInput<'POST /advertisement'> => ({
  title: `Sale ${newId()}`,
  url: 'https://acme.example/sale',
  client: refs.client,
  categories: refs.categories,
  maxImpressionAllowed: 1000,
  startDate: inHours(1),
  endDate: inHours(24),
  position: 'Bottom',
  images: [{ screenType: 'Mobile', file: refs.mobile }],
  ...extra,
});

/** A Bottom ad of `client` in `categories`, its Mobile image uploaded for it: the ad as the API answered it. */
export async function createAd(
  token: string,
  refs: { client: string; categories: string[] },
  extra: Partial<RouteBodyInput<'POST /advertisement'>> = {},
) {
  const mobile = await uploadFile(token, 'ad-image');
  return dataOf(callRoute('POST /advertisement', { token, body: bottomAd({ ...refs, mobile }, extra) }), 'create ad');
}

// ---- E-paper ----

/** A one-page PDF, as an edition's file. */
export async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return Buffer.from(await doc.save());
}

/** A one-page PDF uploaded for an edition: its asset id. */
export const uploadPdf = async (token: string) =>
  uploadFile(token, 'epaper-pdf', { name: 'edition.pdf', contentType: 'application/pdf', bytes: await pdfBytes() });

/** A valid edition of `file` (an uploaded PDF): a unique title, its SEO, dated two hours ago. */
export const editionFields = (
  file: string,
  overrides: Partial<RouteBodyInput<'POST /epaper/create'>> = {},
): RouteBodyInput<'POST /epaper/create'> => ({
  title: `Morning edition ${newId()}`,
  seo: { title: 'Morning edition', description: 'Today’s paper', metaTags: [{ content: 'news, today' }] },
  file,
  publishDate: inHours(-2),
  ...overrides,
});

/** An edition of a freshly uploaded PDF: the edition as the API answered it. */
export async function createEdition(token: string, overrides: Partial<RouteBodyInput<'POST /epaper/create'>> = {}) {
  const body = editionFields(await uploadPdf(token), overrides);
  return dataOf(callRoute('POST /epaper/create', { token, body }), 'create edition');
}

// ---- Users and roles, through their repos ----

/** What every record starts with: a new id, created and updated now, at version 1. */
function newRecord() {
  const now = nowIso();
  return { _id: newId(), createdAt: now, updatedAt: now, version: 1 };
}

/**
 * Creates a user straight through the repo; returns the record. A `passwordHash` given is stored as it is, with no
 * bcrypt run.
 */
export async function createUser(overrides: Partial<UserRecord> & { password?: string } = {}): Promise<UserRecord> {
  const { password = 'Secret-Pass-1', passwordHash, ...rest } = overrides;
  const record = newRecord();
  const user: UserRecord = {
    ...record,
    name: 'Test User',
    email: `user-${record._id.toLowerCase()}@example.com`,
    phone: '5550100',
    roles: [],
    status: 'Enable',
    passwordHash: passwordHash ?? (await hashPassword(password)),
    tokenVersion: 0,
    ...rest,
  };
  await insertUser(user);
  return user;
}

/**
 * Turns on a user's second factor straight through its repo, as if they had set it up (a sealed secret, one code
 * step used, `recoveryCodes` kept as their hashes).
 */
export async function enrolTwoFactor(userId: string, recoveryCodes: string[] = ['a']): Promise<void> {
  const pending = {
    userId,
    secret: 'sealed-secret',
    enabled: false,
    createdAt: nowIso(),
    lastStep: 0,
    recoveryCodeHashes: [],
  };
  await putPendingTwoFactor(pending);
  await enableTwoFactor(pending, 1, recoveryCodes, nowIso());
}

/** Creates a role straight through the repo (the actor of a test, not the subject). */
export async function createRole(
  modelPermissions: ModelPermissions,
  overrides: Partial<RoleRecord> = {},
): Promise<RoleRecord> {
  const record = newRecord();
  const role: RoleRecord = {
    ...record,
    name: `Role ${record._id}`,
    description: 'made by a test',
    status: 'Enable',
    isEditable: true,
    modelPermissions,
    ...overrides,
  };
  await insertRole(role);
  return role;
}

/** A user holding exactly these permissions (through one new role), signed in. */
export async function actorWith(modelPermissions: ModelPermissions): Promise<{ user: UserRecord; token: string }> {
  const role = await createRole(modelPermissions);
  const user = await createUser({ roles: [role._id], password: 'Actor-Pass-1' });
  return { user, token: await login(user.email, 'Actor-Pass-1') };
}

// ---- One record of each removable resource ----

/** The id of the user `token` signs in. */
const userIdOf = async (token: string) => (await dataOf(callRoute('GET /user/me', { token }), 'GET /user/me'))._id;

/**
 * A record of each removable resource (shared/trash-resources.ts), made through the API as `token`'s user with
 * what it names (a category, a client) made for it: its id. The type asks for one per removable resource.
 */
export const TRASHABLE_RECORDS: Record<TrashTargetType, (token: string) => Promise<string>> = {
  category: async (token) => (await createCategory(token))._id,
  client: async (token) => (await createClient(token))._id,
  menu: async (token) => (await createMenu(token))._id,
  'breaking-news': async (token) => (await createBreakingNews(token))._id,
  article: async (token) => {
    const refs = { categories: [(await createCategory(token))._id], user: await userIdOf(token) };
    return (await createArticle(token, articleFields(refs)))._id;
  },
  epaper: async (token) => (await createEdition(token))._id,
  advertisement: async (token) => {
    const refs = { client: (await createClient(token))._id, categories: [(await createCategory(token))._id] };
    return (await createAd(token, refs))._id;
  },
};
