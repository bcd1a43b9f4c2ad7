/**
 * Articles (SPEC §2–§7, issue 6): the five types, the workflow of shared/workflow.ts enforced here, Edit:own on
 * the stored record, references checked (categories, author, verified files), history written with every change.
 */
import type { RouteBody } from '../../shared/api';
import { ARTICLE_STATUSES, type ArticleStatus, type ArticleType, type UploadPurpose } from '../../shared/constants';
import { canAccess } from '../../shared/permissions';
import { sanitizeSections } from '../../shared/rich-text';
import {
  ARTICLE_MESSAGES,
  type ArticleCreateInput,
  type ArticleFields,
  type ArticleListQuery,
  articleTypeProblem,
  MAX_CONTENT_BYTES,
  TAB_STATUS,
} from '../../shared/schemas/article';
import { slugify } from '../../shared/schemas/category';
import {
  canEditArticle,
  editorKindOf,
  nextStatus,
  scheduled,
  type WorkflowAction,
  workflowRoleOf,
} from '../../shared/workflow';
import { requireVerifiedFiles } from '../asset/references';
import { listAllCategories } from '../category/repo';
import { removeArticleFromLayout } from '../home-layout/repo';
import { canonicalJson } from '../lib/canonical-json';
import { dateRangeOf } from '../lib/date-range';
import { badRequest, forbidden, HttpError, notFound, payloadTooLarge, staleVersion } from '../lib/errors';
import { newId } from '../lib/ids';
import { searchable } from '../lib/text';
import { searchWords } from '../search/terms';
import type { AuthUser } from '../user/auth-user';
import { getUserById } from '../user/repo';
import type { ArticleContent, ArticleRecord, HistoryRecord } from './items';
import {
  type ArticleFilter,
  articleHistory,
  countInStatus,
  filterArticles,
  getArticle,
  getArticleRow,
  insertArticle,
  listArticles,
  replaceArticle,
  SLUG_TAKEN,
} from './repo';
import { detailView, readableContent, rowView } from './views';

const NOT_FOUND = 'No such article';

const COVER_PURPOSES: Record<ArticleType, UploadPurpose[]> = {
  Article: ['cover-image'],
  Blog: ['cover-image'],
  Page: ['cover-image'],
  Video: ['media-cover'],
  Gallery: ['media-cover'],
};

// ---------------------------------------------------------------- reads

function statusOf(value: string | undefined): ArticleStatus | undefined {
  if (!value) return undefined;
  const status = TAB_STATUS[value] ?? value;
  if (!(ARTICLE_STATUSES as readonly string[]).includes(status)) throw badRequest(`Unknown status ${value}`);
  return status as ArticleStatus;
}

function filterOf(q: ArticleListQuery): ArticleFilter {
  const filter: ArticleFilter = { status: statusOf(q.status), ...dateRangeOf(q) };
  const words = searchWords(q.search ?? '');
  if (words.length) filter.words = words;
  if (q.type) filter.type = q.type;
  const categories = (q.categories ?? '').split(',').filter(Boolean);
  if (categories.some((c) => !/^[0-9A-HJKMNP-TV-Z]{26}$/.test(c))) throw badRequest('Not a valid category id');
  if (categories.length) filter.categories = categories;
  return filter;
}

export async function findArticles(query: ArticleListQuery) {
  const { page, limit, cursor } = query;
  const filter = filterOf(query);
  const narrowed =
    filter.from || filter.to || filter.words || filter.type || (filter.categories && filter.categories.length > 0);
  const found = narrowed
    ? await filterArticles({ ...filter, cursor }, page, limit)
    : await listArticles(filter.status, page, limit, cursor);
  return { ...found, list: found.list.map(rowView) };
}

/** Read access to one article: Read on Cms, or being allowed to edit it (Edit, or Edit:own as its author). */
function requireReadable(actor: AuthUser, row: ArticleRecord) {
  if (!canAccess(actor, 'Cms', ['Read']) && !canEditArticle(actor, row)) throw forbidden();
}

export async function findArticle(actor: AuthUser, id: string) {
  const found = await getArticle(id);
  if (!found) throw notFound(NOT_FOUND);
  requireReadable(actor, found.row);
  return detailView(found.row, readableContent(found.content));
}

export async function findHistory(actor: AuthUser, id: string) {
  const row = await getArticleRow(id);
  if (!row) throw notFound(NOT_FOUND);
  requireReadable(actor, row);
  const list = await articleHistory(id);
  return { list, total: list.length };
}

export async function notificationCount() {
  return { count: await countInStatus('Need Review') };
}

// ---------------------------------------------------------------- writes

/** Checks what the article points at: the author, the categories and the files; returns the names to keep. */
async function resolveReferences(actor: AuthUser, type: ArticleType, fields: ArticleFields, author: string) {
  if (author !== actor._id && !canAccess(actor, 'Cms', ['Edit'])) {
    throw forbidden('You can only write articles under your own name');
  }
  const [user, categories] = await Promise.all([
    author === actor._id ? actor.record : getUserById(author),
    fields.categories?.length ? listAllCategories() : [],
  ]);
  if (!user) throw badRequest('The author does not exist');
  const byId = new Map(categories.map((c) => [c._id, c]));
  const categoryNames = (fields.categories ?? []).map((id) => {
    const category = byId.get(id);
    if (!category) throw badRequest('A category does not exist');
    return { _id: id, name: category.name };
  });

  await requireVerifiedFiles([
    { ids: fields.image ? [fields.image] : [], purposes: COVER_PURPOSES[type] },
    { ids: (fields.videos ?? []).flatMap((v) => (v.file ? [v.file] : [])), purposes: ['video'] },
    { ids: (fields.gallery ?? []).flatMap((g) => (g.file ? [g.file] : [])), purposes: ['gallery-image'] },
  ]);
  return { authorName: user.name, categoryNames };
}

function contentOf(fields: ArticleFields): ArticleContent {
  const content: ArticleContent = {
    description: fields.description ?? '',
    canonicalUrl: fields.canonicalUrl ?? '',
    seo: {
      title: fields.seo?.title ?? '',
      description: fields.seo?.description ?? '',
      metaTags: fields.seo?.metaTags?.[0] ? [{ property: 'keywords', content: fields.seo.metaTags[0].content }] : [],
    },
    // Parsed by the strict block schemas; the HTML inside is cleaned here, on every write.
    body: sanitizeSections(fields.body ?? []),
    imageAlt: fields.imageAlt ?? '',
    imageTitle: fields.imageTitle ?? '',
    tags: fields.tags ?? [],
    videos: (fields.videos ?? []).map((v) => ({
      url: v.url ?? '',
      description: v.description ?? '',
      file: v.file ?? null,
    })),
    gallery: (fields.gallery ?? []).map((g) => ({
      url: g.url ?? '',
      description: g.description ?? '',
      file: g.file ?? null,
    })),
  };
  if (Buffer.byteLength(JSON.stringify(content)) > MAX_CONTENT_BYTES) throw payloadTooLarge(ARTICLE_MESSAGES.tooLong);
  return content;
}

const publishDateOf = (fields: ArticleFields) =>
  fields.publishDate ? new Date(fields.publishDate).toISOString() : null;

function transition(actor: AuthUser, from: ArticleStatus | 'new', action: WorkflowAction, type: ArticleType) {
  const to = nextStatus({ from, action, who: workflowRoleOf(actor), kind: editorKindOf(type) });
  if (!to) {
    throw badRequest(
      from === 'new'
        ? `You cannot ${action} a new article`
        : `You cannot ${action} an article that is ${from}${canAccess(actor, 'Cms', ['Edit']) ? '' : ' (an editor can)'}`,
    );
  }
  return to;
}

const ACTOR = (actor: AuthUser) => ({ _id: actor._id, name: actor.name });

function historyEntry(
  actor: AuthUser,
  action: string,
  from: ArticleStatus | null,
  to: ArticleStatus,
  changed: string[],
  at: string,
): HistoryRecord {
  return { _id: newId(), at, by: ACTOR(actor), action, from, to, changed };
}

export async function createArticle(actor: AuthUser, body: ArticleCreateInput) {
  const { type, action = 'save', ...fields } = body;
  const now = new Date();
  const at = now.toISOString();
  const publishDate = publishDateOf(fields);
  const status = scheduled(transition(actor, 'new', action, type), publishDate, now);
  const author = fields.user ?? actor._id;
  const { authorName, categoryNames } = await resolveReferences(actor, type, fields, author);
  const content = contentOf(fields);

  const id = newId();
  const row: ArticleRecord = {
    _id: id,
    type,
    status,
    title: fields.title,
    searchTitle: searchable(fields.title),
    slug: slugify(fields.title) || 'article',
    categories: fields.categories ?? [],
    categoryNames,
    user: author,
    authorName,
    image: fields.image ?? null,
    // Published without a date means "now", so the site can sort it.
    publishDate: publishDate ?? (status === 'Published' ? at : null),
    isSponsored: fields.isSponsored ?? false,
    views: 0,
    createdBy: actor._id,
    createdAt: at,
    updatedAt: at,
    updatedBy: ACTOR(actor),
    version: 1,
  };
  const entry = historyEntry(actor, 'create', null, status, [], at);
  try {
    await insertArticle(row, content, entry);
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    // The title's URL is taken: keep it readable and make it unique with the id's tail.
    row.slug = `${row.slug.slice(0, 70)}-${id.slice(-6).toLowerCase()}`;
    await insertArticle(row, content, entry).catch((again: unknown) => {
      throw again instanceof HttpError && again.status === 409 ? badRequest(SLUG_TAKEN) : again;
    });
  }
  return detailView(row, content);
}

/** Names of the fields whose stored value differs (for the history). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((k) => canonicalJson(before[k]) !== canonicalJson(after[k]));
}

const TRACKED_ROW_FIELDS = ['title', 'categories', 'user', 'image', 'publishDate', 'isSponsored'] as const;

export async function updateArticle(actor: AuthUser, id: string, body: RouteBody<'PATCH /cms/{id}'>) {
  const { version, action } = body.input;
  const found = await getArticle(id);
  if (!found) throw notFound(NOT_FOUND);
  const current = found.row;
  if (!canEditArticle(actor, current)) throw forbidden();
  if (version !== current.version) throw staleVersion();

  const now = new Date();
  const at = now.toISOString();
  // A list action moves the status only; a save brings the content, which must meet its type's requirements.
  const fields = body.form === 'save' ? body.input : undefined;
  const problem = fields && articleTypeProblem(current.type, fields);
  if (problem) throw badRequest(problem);
  const publishDate = fields ? publishDateOf(fields) : current.publishDate;
  const status = scheduled(transition(actor, current.status, action, current.type), publishDate, now);

  let next: ArticleRecord = {
    ...current,
    status,
    publishDate: publishDate ?? (status === 'Published' ? at : null),
    updatedAt: at,
    updatedBy: ACTOR(actor),
    version: current.version + 1,
  };
  let content: ArticleContent | undefined;
  let changed: string[] = [];
  if (fields) {
    const author = fields.user ?? current.user;
    const { authorName, categoryNames } = await resolveReferences(actor, current.type, fields, author);
    content = contentOf(fields);
    next = {
      ...next,
      title: fields.title,
      searchTitle: searchable(fields.title),
      categories: fields.categories ?? [],
      categoryNames,
      user: author,
      authorName,
      image: fields.image ?? null,
      isSponsored: fields.isSponsored ?? false,
    };
    const pick = (a: ArticleRecord) => Object.fromEntries(TRACKED_ROW_FIELDS.map((k) => [k, a[k]]));
    changed = [
      ...changedFields(pick(current), pick(next)),
      ...changedFields(
        found.content as unknown as Record<string, unknown>,
        content as unknown as Record<string, unknown>,
      ),
    ];
  }

  const stored = await replaceArticle(
    current,
    next,
    content,
    historyEntry(actor, action, current.status, status, changed, at),
  );
  // Off the site means off the home page too (the layout keeps only published articles).
  if (current.status === 'Published' && status !== 'Published') await removeArticleFromLayout(id);
  return detailView(stored, content ?? readableContent(found.content));
}
