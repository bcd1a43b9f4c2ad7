/**
 * The article status machine of CONTRACT.md §4 as one table: (from, action, who, editor kind) → to. The API refuses
 * every move the table does not list (400); the web app offers only the moves it lists.
 */
import { ARTICLE_STATUSES, type ArticleStatus, type ArticleType } from './constants';
import { type AccessSubject, ARTICLE_RESOURCE, canAccess } from './permissions';

/** What a button or a list action asks for. `draft` is Preview's and the page editor's explicit "save as Draft". */
export const WORKFLOW_ACTIONS = ['save', 'draft', 'publish', 'approve', 'reject', 'retract'] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/**
 * `editor`: holds Edit on Cms (or is a super admin) and may publish, approve, reject and retract.
 * `contributor`: Write or Edit:own only; their Publish submits the article for review.
 */
export type WorkflowRole = 'editor' | 'contributor';

/**
 * The scheduled publisher (functions/publisher) moves articles too, with an action no user can ask for (the API
 * accepts only WORKFLOW_ACTIONS). Its history entries carry the action's name.
 */
export const SCHEDULED_PUBLISH = 'publisher';
export type Mover = WorkflowRole | typeof SCHEDULED_PUBLISH;
export type MoveAction = WorkflowAction | typeof SCHEDULED_PUBLISH;

/**
 * `article` editors (Article, Blog, Page): Save keeps a Draft.
 * `media` editors (Video, Gallery): Save on create gives Draft, Save on edit publishes (CONTRACT.md §4).
 */
export type EditorKind = 'article' | 'media';

/** `new` is an article that does not exist yet (create). */
export type FromStatus = ArticleStatus | 'new';

interface Rule {
  from: readonly FromStatus[];
  action: MoveAction;
  who: readonly Mover[];
  kind?: EditorKind;
  to: ArticleStatus;
}

const LIVE: readonly ArticleStatus[] = ['Published', 'Scheduled'];
/** Statuses a contributor may still change: everything not live (an editor owns a live article). */
const WORK: readonly FromStatus[] = ['Draft', 'Pending', 'Rejected', 'Retract', 'Need Review', 'Approved'];
const EXISTING: readonly FromStatus[] = [...WORK, ...LIVE];
const BOTH: readonly WorkflowRole[] = ['editor', 'contributor'];

/**
 * The table. Publish's `Published` becomes `Scheduled` when the publish date is in the future (see
 * `scheduled()`); nothing else depends on the date.
 */
export const TRANSITIONS: readonly Rule[] = [
  // Creating
  { from: ['new'], action: 'save', who: BOTH, to: 'Draft' },
  { from: ['new'], action: 'draft', who: BOTH, to: 'Draft' },
  { from: ['new'], action: 'publish', who: ['editor'], to: 'Published' },
  { from: ['new'], action: 'publish', who: ['contributor'], to: 'Need Review' },

  // Saving an existing article: a Draft in the article editors, published in the media editors
  { from: EXISTING, action: 'save', who: ['editor'], kind: 'article', to: 'Draft' },
  { from: WORK, action: 'save', who: ['contributor'], kind: 'article', to: 'Draft' },
  { from: EXISTING, action: 'save', who: ['editor'], kind: 'media', to: 'Published' },
  { from: WORK, action: 'save', who: ['contributor'], kind: 'media', to: 'Need Review' },
  { from: EXISTING, action: 'draft', who: ['editor'], to: 'Draft' },
  { from: WORK, action: 'draft', who: ['contributor'], to: 'Draft' },

  // Publishing: an editor publishes, a contributor submits for review
  { from: EXISTING, action: 'publish', who: ['editor'], to: 'Published' },
  { from: WORK, action: 'publish', who: ['contributor'], to: 'Need Review' },

  // Review
  { from: ['Need Review'], action: 'approve', who: ['editor'], to: 'Approved' },
  { from: ['Need Review'], action: 'reject', who: ['editor'], to: 'Rejected' },

  // Taking a live article down
  { from: LIVE, action: 'retract', who: ['editor'], to: 'Retract' },

  // Scheduled publishing: a Scheduled article whose publish date has come
  { from: ['Scheduled'], action: SCHEDULED_PUBLISH, who: [SCHEDULED_PUBLISH], to: 'Published' },
];

/** Video and Gallery use the media editors; every other type the article editor (CONTRACT.md §4). */
export const editorKindOf = (type: ArticleType): EditorKind =>
  type === 'Video' || type === 'Gallery' ? 'media' : 'article';

export const workflowRoleOf = (user: AccessSubject | null | undefined): WorkflowRole =>
  canAccess(user, ARTICLE_RESOURCE, ['Edit']) ? 'editor' : 'contributor';

export interface TransitionQuery {
  from: FromStatus;
  action: MoveAction;
  who: Mover;
  kind: EditorKind;
}

/** The status the table gives, before scheduling; undefined when the move is not allowed. */
export function nextStatus(q: TransitionQuery): ArticleStatus | undefined {
  const rule = TRANSITIONS.find(
    (r) =>
      r.action === q.action &&
      r.from.includes(q.from) &&
      r.who.includes(q.who) &&
      (r.kind === undefined || r.kind === q.kind),
  );
  return rule?.to;
}

/** Published with a publish date still to come is Scheduled; the publisher publishes it when the time comes. */
export function scheduled(to: ArticleStatus, publishDate: string | null | undefined, now: Date): ArticleStatus {
  if (to !== 'Published' || !publishDate) return to;
  return Date.parse(publishDate) > now.getTime() ? 'Scheduled' : 'Published';
}

/** Whether readers can see an article (Published), or will at its date (Scheduled). */
export const isLive = (status: ArticleStatus | 'new') => (LIVE as readonly string[]).includes(status);

/**
 * A live article stays live while it is edited: in the article editors (Article, Blog, Page), Save and
 * Save Draft on a Published or Scheduled article store a draft of the changes (the table's Draft is the working
 * copy) and leave the live version, its status and its home-page slots as they are, until Publish makes the
 * changes live or Retract takes the article down. The media editors publish on Save (CONTRACT.md §4), so they have
 * none.
 */
export const savesAsDraftOfChanges = (from: FromStatus, action: WorkflowAction, kind: EditorKind) =>
  from !== 'new' && isLive(from) && kind === 'article' && (action === 'save' || action === 'draft');

/** The actions the table allows from a status, for the buttons an editor screen shows. */
export function allowedActions(from: FromStatus, who: WorkflowRole, kind: EditorKind): WorkflowAction[] {
  return WORKFLOW_ACTIONS.filter((action) => nextStatus({ from, action, who, kind }) !== undefined);
}

/**
 * Whether the table lets this user change an article in its status at all. A contributor cannot change a live
 * article, so they may neither take its edit lock (over) nor discard its unpublished changes.
 */
export const mayChangeArticle = (from: FromStatus, who: WorkflowRole, kind: EditorKind) =>
  allowedActions(from, who, kind).length > 0;

export const LIVE_ARTICLE_EDITORS_ONLY = 'Only an editor can change a published or scheduled article';

/** CONTRACT.md §4's list row actions (besides Edit), limited to what the table lets this user do. */
const LIST_ACTIONS: Partial<Record<ArticleStatus, readonly WorkflowAction[]>> = {
  // A desk publishes a finished draft from the list, as from the editor; the table still says who may.
  Draft: ['publish'],
  'Need Review': ['publish', 'approve', 'reject'],
  Approved: ['publish'],
};

export function listActions(status: ArticleStatus, who: WorkflowRole): WorkflowAction[] {
  // They publish, approve or reject: an editor's decisions (a contributor's Publish would only re-submit). List
  // actions never change content, so the editor kind does not matter.
  if (who !== 'editor') return [];
  return (LIST_ACTIONS[status] ?? []).filter((action) => nextStatus({ from: status, action, who, kind: 'article' }));
}

/**
 * How every screen names a status: the list's badges and tabs, the editors' headers, the dashboard, the header's
 * bell. One label per status, so no screen calls Need Review "Review" (CONTRACT.md §4).
 */
export const STATUS_LABELS: Record<ArticleStatus, string> = {
  Draft: 'Draft',
  Pending: 'Pending',
  Approved: 'Approved',
  'Need Review': 'Need Review',
  Rejected: 'Rejected',
  Retract: 'Retract',
  Scheduled: 'Scheduled',
  Published: 'Published',
};

const isArticleStatus = (value: string): value is ArticleStatus =>
  (ARTICLE_STATUSES as readonly string[]).includes(value);

/** A status as screens show it (STATUS_LABELS); anything that is not a status, as it is. */
export const articleStatusLabel = (status: string): string =>
  isArticleStatus(status) ? STATUS_LABELS[status] : status;

export const ACTION_LABELS: Record<WorkflowAction, string> = {
  save: 'Save',
  draft: 'Save Draft',
  publish: 'Publish',
  approve: 'Approve',
  reject: 'Reject',
  retract: 'Retract',
};

/**
 * Whether a user may edit an article: Edit on Cms covers every article, Edit:own only the ones they author
 * (CONTRACT.md §6). The API checks the stored record; the list uses it to hide Edit on other rows.
 */
export function canEditArticle(
  user: (AccessSubject & { _id?: string }) | null | undefined,
  article: { user?: string | { _id: string } | null },
): boolean {
  if (canAccess(user, ARTICLE_RESOURCE, ['Edit'])) return true;
  if (!canAccess(user, ARTICLE_RESOURCE, ['EditOwn'])) return false;
  const author = typeof article.user === 'string' ? article.user : article.user?._id;
  return author !== undefined && author === user?._id;
}

/** A Scheduled article this long past its publish date is shown as late (the publisher runs every minute). */
export const LATE_AFTER_MS = 2 * 60 * 1000;

export function isLate(article: { status: string; publishDate?: string | null }, now: Date): boolean {
  if (article.status !== 'Scheduled' || !article.publishDate) return false;
  return now.getTime() - Date.parse(article.publishDate) > LATE_AFTER_MS;
}
