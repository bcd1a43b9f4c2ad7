/**
 * Article writes (CONTRACT.md §4–§5): create, save, a list action's status move, discarding a live article's
 * changes and restoring a revision. The workflow table (shared/workflow.ts) decides every status; a live
 * article's Save keeps it live and stores a draft of the changes; every content save keeps a revision, needs the
 * saver's edit lock and spends the saver's autosave — all in the article's one transaction.
 */
import type { RouteBody } from '../../shared/api';
import type { ArticleStatus, ArticleType } from '../../shared/constants';
import { ARTICLE_RESOURCE, canAccess } from '../../shared/permissions';
import {
  type ArticleCreateInput,
  type ArticleFields,
  articleTypeProblem,
  REVIEW_NOTE_REQUIRED,
} from '../../shared/schemas/article';
import { ARTICLE_SLUG_TAKEN as SLUG_TAKEN, slugWithSuffix } from '../../shared/slug';
import {
  canEditArticle,
  editorKindOf,
  isLive,
  LIVE_ARTICLE_EDITORS_ONLY,
  mayChangeArticle,
  nextStatus,
  savesAsDraftOfChanges,
  scheduled,
  type WorkflowAction,
  workflowRoleOf,
} from '../../shared/workflow';
import { coverClaim, isCoverClaim } from '../asset/model';
import { removeArticleFromLayout } from '../home-layout/model';
import { canonicalJson } from '../lib/canonical-json';
import { deleteItem, putItem, type TransactItem } from '../lib/db/records';
import { badRequest, forbidden, HttpError, notFound, staleVersion } from '../lib/errors';
import { newId } from '../lib/ids';
import { searchable } from '../lib/text';
import type { AuthUser } from '../user/auth-user';
import { contentSaveGuard, lockCheckMessage, refuseWhileOthersEdit } from './editing/locks';
import { expireOldRevision, readRevision } from './editing/revisions';
import { COVER_ALT_MESSAGE, contentOf, fieldsOfArticle, keptFields, publishDateOf, resolveReferences } from './fields';
import {
  type ArticleRecord,
  articleDraftKey,
  articleKey,
  autosaveSpent,
  CATEGORY_CLOSED_MESSAGE,
  contentItem,
  type DraftRecord,
  getArticle,
  type HistoryRecord,
  historyItem,
  insertArticle,
  type LoadedArticle,
  noOthersLockCheck,
  replaceArticle,
  revisionItem,
} from './model';
import { editorialAudit } from './moves-audit';
import { isSlugClaim, newArticleSlug, requireFreeSlug, savedSlug, slugMove } from './slug';
import { detailView, readableContent } from './views';

export const NOT_FOUND = 'No such article';

function transition(actor: AuthUser, from: ArticleStatus | 'new', action: WorkflowAction, type: ArticleType) {
  const to = nextStatus({ from, action, who: workflowRoleOf(actor), kind: editorKindOf(type) });
  if (!to) {
    throw badRequest(
      from === 'new'
        ? `You cannot ${action} a new article`
        : `You cannot ${action} an article that is ${from}${canAccess(actor, ARTICLE_RESOURCE, ['Edit']) ? '' : ' (an editor can)'}`,
    );
  }
  return to;
}

const ACTOR = (actor: AuthUser) => ({ _id: actor._id, name: actor.name });

/** The article's next version, written by `actor` at `at`. */
const touched = (article: ArticleRecord, actor: AuthUser, at: string): ArticleRecord => ({
  ...article,
  updatedAt: at,
  updatedBy: ACTOR(actor),
  version: article.version + 1,
});

function historyEntry(
  actor: AuthUser,
  action: string,
  from: ArticleStatus | null,
  to: ArticleStatus,
  changed: string[],
  at: string,
  note?: string,
): HistoryRecord {
  return { _id: newId(), at, by: ACTOR(actor), action, from, to, changed, ...(note ? { note } : {}) };
}

/**
 * A reject sends the article back with what to change: the note is required (400) once the move itself is
 * allowed, and kept only for a reject.
 */
function reviewNote(action: WorkflowAction, note: string | undefined): string | undefined {
  if (action !== 'reject') return undefined;
  if (!note) throw badRequest(REVIEW_NOTE_REQUIRED);
  return note;
}

/** The row's note while it is Rejected (replaceArticle drops it on any move out of Rejected). */
const returnedBy = (actor: AuthUser, note: string | undefined, at: string) =>
  note ? { returned: { note, at, by: ACTOR(actor) } } : {};

/** Names of the fields whose value differs (for the history). */
function changedFields(before: ArticleFields, after: ArticleFields): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return Object.keys(b).filter((k) => canonicalJson(a[k] ?? null) !== canonicalJson(b[k] ?? null));
}

/** Which check of a save's transaction failed, said plainly. */
const conflictMessage = (failed: TransactItem | undefined) =>
  lockCheckMessage(failed) ??
  (isCoverClaim(failed) ? COVER_ALT_MESSAGE : undefined) ??
  (isSlugClaim(failed) ? SLUG_TAKEN : undefined) ??
  (failed?.Update?.Key?.sk === 'ARTICLES' ? CATEGORY_CLOSED_MESSAGE : 'The article could not be saved: try again');

export async function createArticle(actor: AuthUser, body: ArticleCreateInput, ip = '') {
  const { type, action = 'save', ...fields } = body;
  const now = new Date();
  const at = now.toISOString();
  const publishDate = publishDateOf(fields);
  const status = scheduled(transition(actor, 'new', action, type), publishDate, now);
  const author = fields.user ?? actor._id;
  const { authorName, categoryNames, altFromPicture } = await resolveReferences(actor, type, fields, author);
  const content = contentOf(fields);
  const { slug, explicit } = await newArticleSlug(fields.slug, fields.title);

  const id = newId();
  const row: ArticleRecord = {
    _id: id,
    type,
    status,
    title: fields.title,
    searchTitle: searchable(fields.title),
    slug,
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
    pendingChanges: null,
    revisions: 1,
    categoriesCounted: true,
  };
  const also = () => [
    historyItem(id, historyEntry(actor, 'create', null, status, [], at)),
    ...editorialAudit({ actor, ip, action, from: 'new', article: row, at }),
    revisionItem(id, {
      number: 1,
      version: 1,
      at,
      by: ACTOR(actor),
      action,
      status,
      live: isLive(status),
      title: row.title,
      fields: keptFields({ ...fields, slug: row.slug }, content),
    }),
    ...(altFromPicture ? [coverClaim(altFromPicture, articleKey(id))] : []),
  ];
  const message = (failed: TransactItem | undefined) => (isCoverClaim(failed) ? COVER_ALT_MESSAGE : SLUG_TAKEN);
  let stored: ArticleRecord;
  try {
    stored = await insertArticle(row, content, also(), message);
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    if (error.text === COVER_ALT_MESSAGE) throw error;
    // A typed URL that is taken is the writer's to change; a title's is kept readable, made unique by the id's tail.
    if (explicit) throw badRequest(SLUG_TAKEN);
    row.slug = slugWithSuffix(row.slug, id.slice(-6).toLowerCase());
    stored = await insertArticle(row, content, also(), message).catch((again: unknown) => {
      if (again instanceof HttpError && again.text === COVER_ALT_MESSAGE) throw again;
      throw again instanceof HttpError && again.status === 409 ? badRequest(SLUG_TAKEN) : again;
    });
  }
  return detailView(stored, content, undefined);
}

/** Loads an article the actor may change, at the version their editor read. */
/**
 * Refuses someone the workflow does not let change the article as it stands (a contributor, a live one): 403,
 * for taking its edit lock or discarding its changes as much as for saving.
 */
export function requireChangeable(actor: AuthUser, row: Pick<ArticleRecord, 'status' | 'type'>) {
  if (!mayChangeArticle(row.status, workflowRoleOf(actor), editorKindOf(row.type))) {
    throw forbidden(LIVE_ARTICLE_EDITORS_ONLY);
  }
}

async function editable(actor: AuthUser, id: string, version: number): Promise<LoadedArticle> {
  const found = await getArticle(id);
  if (!found) throw notFound(NOT_FOUND);
  if (!canEditArticle(actor, found.row)) throw forbidden();
  if (version !== found.row.version) throw staleVersion();
  return found;
}

/**
 * A content save: the fields an editor sent (or a draft's, a revision's) with the button's action. On a live
 * article in the article editors, Save stores them as the draft of changes and the live version stays.
 */
async function saveContent(
  actor: AuthUser,
  found: LoadedArticle,
  action: WorkflowAction,
  sent: ArticleFields,
  historyAction: string,
  now: Date,
  ip: string,
  note: string | undefined,
  guard: TransactItem,
) {
  const current = found.row;
  // A changed slug goes live with the changes (a draft of changes keeps the live one until Publish).
  const fields: ArticleFields = { ...sent, slug: savedSlug(sent.slug, current.slug) };
  if (fields.slug !== current.slug) await requireFreeSlug(fields.slug ?? '', current._id);
  const problem = articleTypeProblem(current.type, fields);
  if (problem) throw badRequest(problem);
  const publishDate = publishDateOf(fields);
  const to = scheduled(transition(actor, current.status, action, current.type), publishDate, now);
  const reviewed = reviewNote(action, note);
  const asDraft = savesAsDraftOfChanges(current.status, action, editorKindOf(current.type));
  const author = fields.user ?? current.user;
  const { authorName, categoryNames, altFromPicture } = await resolveReferences(
    actor,
    current.type,
    fields,
    author,
    current.image,
  );
  const content = contentOf(fields);
  const kept = keptFields(fields, content);
  const at = now.toISOString();
  const by = ACTOR(actor);
  const id = current._id;
  const revision = (current.revisions ?? 0) + 1;

  const base = { ...touched(current, actor, at), revisions: revision };
  const next: ArticleRecord = asDraft
    ? { ...base, pendingChanges: { at, by } }
    : {
        ...base,
        status: to,
        publishDate: publishDate ?? (to === 'Published' ? at : null),
        title: fields.title,
        searchTitle: searchable(fields.title),
        slug: fields.slug ?? current.slug,
        categories: fields.categories ?? [],
        categoryNames,
        user: author,
        authorName,
        image: fields.image ?? null,
        isSponsored: fields.isSponsored ?? false,
        pendingChanges: null,
        ...returnedBy(actor, reviewed, at),
      };
  const before = found.draft?.fields ?? fieldsOfArticle(current, found.content);
  const draft: DraftRecord | undefined = asDraft ? { fields: kept, at, by, authorName } : undefined;
  const writes: TransactItem[] = [
    historyItem(
      id,
      historyEntry(actor, historyAction, current.status, next.status, changedFields(before, kept), at, reviewed),
    ),
    // A draft of a live article's changes moves nothing: no entry.
    ...(asDraft ? [] : editorialAudit({ actor, ip, action, from: current.status, article: next, at, note: reviewed })),
    revisionItem(id, {
      number: revision,
      version: next.version,
      at,
      by,
      action: historyAction,
      status: next.status,
      live: !asDraft && isLive(next.status),
      title: fields.title,
      fields: kept,
    }),
    autosaveSpent(id, actor._id),
    guard,
    ...slugMove(current, next),
  ];
  if (altFromPicture) writes.push(coverClaim(altFromPicture, draft ? articleDraftKey(id) : articleKey(id)));
  if (draft) writes.push(putItem({ ...articleDraftKey(id), ...draft }));
  else writes.push(putItem(contentItem(next, content)));
  if (!draft && found.draft) writes.push(deleteItem(articleDraftKey(id)));

  const stored = await replaceArticle(current, next, writes, conflictMessage);
  // Off the site means off the home page too (the layout keeps only published articles).
  if (current.status === 'Published' && stored.status !== 'Published') await removeArticleFromLayout(id);
  await expireOldRevision(id, revision, now);
  return detailView(stored, draft ? readableContent(found.content) : content, draft);
}

/**
 * PATCH /cms/{id}: an editor's save (the content, which needs the caller's edit lock), or a list action (the
 * status only, refused while someone else has the article open). A list Publish of a live article with
 * unpublished changes publishes those changes.
 */
export async function updateArticle(actor: AuthUser, id: string, body: RouteBody<'PATCH /cms/{id}'>, ip = '') {
  const { version, action, note } = body.input;
  const found = await editable(actor, id, version);
  const now = new Date();
  if (body.form === 'save') {
    // Who may change it before whether they hold its lock: a contributor never gets a live article's lock.
    requireChangeable(actor, found.row);
    const guard = contentSaveGuard(found.lock, actor, id, now);
    const { note: _note, form: _form, ...sent } = body.input;
    return saveContent(actor, found, action, sent, action, now, ip, note, guard);
  }
  refuseWhileOthersEdit(found.lock, actor, now);
  if (action === 'publish' && found.draft) {
    const guard = noOthersLockCheck(id, actor._id, now);
    return saveContent(actor, found, action, found.draft.fields, action, now, ip, undefined, guard);
  }
  return moveStatus(actor, found, action, now, ip, note);
}

/** A list action: the status moves, the content stays (and so do a live article's unpublished changes). */
async function moveStatus(
  actor: AuthUser,
  found: LoadedArticle,
  action: WorkflowAction,
  now: Date,
  ip: string,
  sentNote: string | undefined,
) {
  const current = found.row;
  const at = now.toISOString();
  const status = scheduled(transition(actor, current.status, action, current.type), current.publishDate, now);
  const note = reviewNote(action, sentNote);
  const next: ArticleRecord = {
    ...touched(current, actor, at),
    status,
    publishDate: current.publishDate ?? (status === 'Published' ? at : null),
    ...returnedBy(actor, note, at),
  };
  const stored = await replaceArticle(
    current,
    next,
    [
      historyItem(current._id, historyEntry(actor, action, current.status, status, [], at, note)),
      ...editorialAudit({ actor, ip, action, from: current.status, article: next, at, note }),
      noOthersLockCheck(current._id, actor._id, now),
    ],
    conflictMessage,
  );
  if (current.status === 'Published' && status !== 'Published') await removeArticleFromLayout(current._id);
  return detailView(stored, readableContent(found.content), found.draft);
}

/** POST /cms/{id}/discard: a live article's unpublished changes are dropped; the live version stays as it is. */
export async function discardChanges(actor: AuthUser, id: string, version: number) {
  const found = await editable(actor, id, version);
  requireChangeable(actor, found.row);
  const now = new Date();
  const guard = contentSaveGuard(found.lock, actor, id, now);
  if (!found.draft) throw badRequest('This article has no unpublished changes');
  const current = found.row;
  const at = now.toISOString();
  const next: ArticleRecord = { ...touched(current, actor, at), pendingChanges: null };
  const stored = await replaceArticle(
    current,
    next,
    [
      historyItem(id, historyEntry(actor, 'discard', current.status, current.status, [], at)),
      deleteItem(articleDraftKey(id)),
      autosaveSpent(id, actor._id),
      guard,
    ],
    conflictMessage,
  );
  return detailView(stored, readableContent(found.content), undefined);
}

/**
 * POST /cms/{id}/revisions/{number}/restore: a normal Save of the revision's fields at the current version (so
 * it is a revision itself, undoable and in the history); on a live article it becomes the unpublished changes.
 */
export async function restoreRevision(actor: AuthUser, id: string, number: number, version: number, ip = '') {
  const found = await editable(actor, id, version);
  requireChangeable(actor, found.row);
  const now = new Date();
  const guard = contentSaveGuard(found.lock, actor, id, now);
  const revision = await readRevision(id, number, now);
  return saveContent(actor, found, 'save', revision.fields, 'restore', now, ip, undefined, guard);
}
