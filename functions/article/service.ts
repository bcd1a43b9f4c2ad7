/**
 * Article reads (CONTRACT.md §2–§7): the list with its filters and title search, one article as an editor opens it, its
 * history and revisions, the review count; and the editing session around a save: the edit lock and
 * the caller's autosave. The writes are in save.ts.
 */
import { DEFAULT_ORDER, DEFAULT_SORT, sortRefusal } from '../../shared/article-sort';
import { ARTICLE_STATUSES, type ArticleStatus, AUTOSAVE_RATE } from '../../shared/constants';
import { ARTICLE_RESOURCE, canAccess } from '../../shared/permissions';
import type { ArticleAutosaveInput, ArticleCountsQuery, ArticleListQuery } from '../../shared/schemas/article';
import { isArticleType, TAB_STATUS } from '../../shared/schemas/article';
import type { ArticleRow } from '../../shared/schemas/article-record';
import type { PreviewLink } from '../../shared/schemas/preview';
import { canEditArticle } from '../../shared/workflow';
import { mediaRefs } from '../asset/references';
import { dateRangeOf } from '../lib/date-range';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { signPreviewToken } from '../preview/token';
import { searchWords } from '../search/terms';
import { sitePreviewUrl } from '../site-management/model';
import type { AuthUser } from '../user/auth-user';
import { chargeWriteRate, type WriteRate } from '../write-rate/model';
import { dropAutosave, readAutosave, writeAutosave } from './editing/autosave';
import { releaseLock, takeLock } from './editing/locks';
import { listRevisions, readRevision, revisionView } from './editing/revisions';
import {
  type ArticleFilter,
  type ArticleOrder,
  authorCounts,
  countInStatus,
  countsByStatus,
  filterArticles,
  listArticles,
  listArticlesOfAuthor,
} from './lists';
import type { ArticlePosting, ArticleRecord } from './model';
import { articleHistory, getArticle, getArticleRow, getArticleRows } from './model';
import { previewAddress, savedSlug } from './preview';
import { NOT_FOUND, requireChangeable } from './save';
import { detailView, fieldFiles, readableContent, rowView } from './views';

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
  const types = (q.types ?? '').split(',').filter(isArticleType);
  if (types.length) filter.types = types;
  const categories = (q.categories ?? '').split(',').filter(Boolean);
  if (categories.some((c) => !/^[0-9A-HJKMNP-TV-Z]{26}$/.test(c))) throw badRequest('Not a valid category id');
  if (categories.length) filter.categories = categories;
  if (q.author) filter.author = q.author;
  return filter;
}

/** The list's order (shared/article-sort.ts); 400 for one no index of this tab holds, or with a title search. */
function orderOf(q: ArticleListQuery, filter: ArticleFilter): ArticleOrder {
  const sort = q.sort ?? DEFAULT_SORT;
  const order = q.order ?? DEFAULT_ORDER;
  const refusal = sortRefusal({
    sort,
    order,
    status: filter.status,
    searching: Boolean(filter.words),
    author: Boolean(filter.author),
  });
  if (refusal) throw badRequest(refusal);
  return { by: sort, ascending: order === 'asc' };
}

export async function findArticles(query: ArticleListQuery) {
  const { page, limit, cursor } = query;
  const filter = filterOf(query);
  const order = orderOf(query, filter);
  const narrowed =
    filter.from ||
    filter.to ||
    filter.words ||
    filter.type ||
    filter.types ||
    (filter.categories && filter.categories.length > 0);
  const found = narrowed
    ? await filterArticles({ ...filter, cursor, order }, page, limit)
    : filter.author
      ? await listArticlesOfAuthor(filter.author, filter.status, page, limit, cursor, order.ascending)
      : await listArticles(filter.status, page, limit, cursor, order);
  return { ...found, list: query.images === 'true' ? await withImageUrls(found.list) : found.list.map(rowView) };
}

/**
 * `images=true` (the home page's pickers): each row with its cover image's URL. Rows read from a tab carry the
 * image's id; a title search's postings do not, so their rows are read by key first (one BatchGet of the page's
 * ids), then the files (one BatchGet). Without the flag the list costs what it did.
 */
async function withImageUrls(list: readonly ArticlePosting[]): Promise<ArticleRow[]> {
  const imageOf = new Map<string, string | null>();
  for (const item of list) {
    if ('image' in item) imageOf.set(item._id, typeof item.image === 'string' ? item.image : null);
  }
  const unread = list.filter((item) => !imageOf.has(item._id)).map((item) => item._id);
  if (unread.length > 0) for (const row of await getArticleRows(unread)) imageOf.set(row._id, row.image ?? null);
  const media = await mediaRefs([...imageOf.values()]);
  return list.map((item) => {
    const image = imageOf.get(item._id);
    return { ...rowView(item), imageUrl: image ? (media[image]?.url ?? null) : null };
  });
}

/** GET /cms/counts: every status's counter and the total, in one BatchGet; or one author's, in one GetItem. */
export const articleCounts = (query: ArticleCountsQuery = {}) =>
  query.author ? authorCounts(query.author) : countsByStatus();

/** Read access to one article: Read on Cms, or being allowed to edit it (Edit, or Edit:own as its author). */
function requireReadable(actor: AuthUser, row: ArticleRecord) {
  if (!canAccess(actor, ARTICLE_RESOURCE, ['Read']) && !canEditArticle(actor, row)) throw forbidden();
}

export async function findArticle(actor: AuthUser, id: string) {
  const found = await getArticle(id);
  if (!found) throw notFound(NOT_FOUND);
  requireReadable(actor, found.row);
  return detailView(found.row, readableContent(found.content), found.draft);
}

/**
 * POST /cms/{id}/preview-link: the site's preview address for the article with a fresh token (functions/preview/),
 * or nulls when the site sets no preview link (the editor then previews in the admin).
 */
export async function previewLink(actor: AuthUser, id: string): Promise<PreviewLink> {
  const found = await getArticle(id);
  if (!found) throw notFound(NOT_FOUND);
  requireReadable(actor, found.row);
  const template = await sitePreviewUrl();
  if (!template) return { url: null, expiresAt: null };
  const { token, expires } = await signPreviewToken(id);
  return {
    url: previewAddress(template, savedSlug(found), token),
    expiresAt: new Date(expires * 1000).toISOString(),
  };
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

/** The row of an article the caller may edit (Edit, or Edit:own as its author). */
async function editableRow(actor: AuthUser, id: string) {
  const row = await getArticleRow(id);
  if (!row) throw notFound(NOT_FOUND);
  if (!canEditArticle(actor, row)) throw forbidden();
  return row;
}

/** The edit lock goes only to someone the workflow lets change the article (the editor opens read-only otherwise). */
export async function lockArticle(actor: AuthUser, id: string, takeOver: boolean) {
  requireChangeable(actor, await editableRow(actor, id));
  return takeLock(id, actor, takeOver);
}

export async function unlockArticle(actor: AuthUser, id: string) {
  await editableRow(actor, id);
  await releaseLock(id, actor);
  return null;
}

export async function findAutosave(actor: AuthUser, id: string) {
  const row = await editableRow(actor, id);
  return readAutosave(id, actor._id, row.updatedAt);
}

/** A user's autosaves, all articles together (CONTRACT.md §9). */
const AUTOSAVES: WriteRate = {
  kind: 'AUTOSAVE',
  ...AUTOSAVE_RATE,
  message: `Too many autosaves (at most ${AUTOSAVE_RATE.max} a minute); the editor keeps the text and sends it again after the wait`,
};

export async function autosaveArticle(actor: AuthUser, id: string, input: ArticleAutosaveInput) {
  // Counted first, so a refused autosave costs one write: nothing is read, measured or cleaned for it.
  await chargeWriteRate(AUTOSAVES, actor._id);
  await editableRow(actor, id);
  return writeAutosave(id, actor._id, input, new Date());
}

export async function discardAutosave(actor: AuthUser, id: string) {
  await editableRow(actor, id);
  await dropAutosave(id, actor._id);
  return null;
}

export async function findRevisions(actor: AuthUser, id: string) {
  const row = await getArticleRow(id);
  if (!row) throw notFound(NOT_FOUND);
  requireReadable(actor, row);
  return listRevisions(id);
}

export async function findRevision(actor: AuthUser, id: string, number: number) {
  const row = await getArticleRow(id);
  if (!row) throw notFound(NOT_FOUND);
  requireReadable(actor, row);
  const revision = await readRevision(id, number);
  return revisionView(revision, await mediaRefs(fieldFiles(revision.fields)));
}
