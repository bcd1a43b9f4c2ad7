/**
 * The audit screen's filters as they live in the URL (`/audit?user=…&action=signInFailed&day=2026-11-24`), and
 * how entries read: field names, values, targets.
 */
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../shared/audit';
import { AUDIT_PAGE_SIZE } from '../../../shared/constants';
import { apiKey } from '../api/use-api';
import { ARTICLE_LIST_PATH, editPathFor } from '../articles/form/paths';
import { withFilterParams } from '../common/list-query';
import { parseDay } from '../common/local-day';
import { trashPath } from '../common/trash/trash-text';

const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export interface AuditFilters {
  user: string | null;
  action: AuditAction | null;
  /** YYYY-MM-DD. */
  day: string | null;
}

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const user = params.get('user');
  const action = params.get('action');
  return {
    user: user && ID.test(user) ? user : null,
    action: action && (AUDIT_ACTION_NAMES as string[]).includes(action) ? (action as AuditAction) : null,
    day: parseDay(params.get('day')),
  };
}

export function withAuditFilters(current: URLSearchParams, filters: AuditFilters): URLSearchParams {
  return withFilterParams(current, { user: filters.user, action: filters.action, day: filters.day });
}

export const filterCount = (filters: AuditFilters) =>
  [filters.user, filters.action, filters.day].filter(Boolean).length;

/** GET /audit for one page: the filters, then the cursor of the page before (none for the first). */
export function auditKey(filters: AuditFilters, cursor?: string) {
  const { user, action, day } = filters;
  return apiKey('GET /audit', { query: { user, action, day, limit: AUDIT_PAGE_SIZE, cursor } });
}

/** Groups for the action picker, in the order staff look for them. */
export const ACTION_GROUPS: ReadonlyArray<{ group: string; actions: AuditAction[] }> = [
  {
    group: 'Sign-in',
    actions: [
      'signIn',
      'signInFailed',
      'signInBlocked',
      'signInThrottled',
      'signOut',
      'sessionEnded',
      'sessionsEnded',
      'refreshReused',
    ],
  },
  {
    group: 'Account security',
    actions: [
      'passwordChanged',
      'passwordCheckFailed',
      'twoFactorEnabled',
      'twoFactorSetupFailed',
      'twoFactorDisabled',
      'twoFactorReset',
      'recoveryCodesRenewed',
      'recoveryCodeUsed',
    ],
  },
  {
    group: 'Users and roles',
    actions: ['userCreated', 'userUpdated', 'userBlocked', 'userUnblocked', 'roleCreated', 'roleUpdated'],
  },
  {
    group: 'Site',
    actions: [
      'siteUpdated',
      'contentKeyCreated',
      'contentKeyRevoked',
      'webhookCreated',
      'webhookUpdated',
      'webhookRemoved',
      'webhookRedelivered',
      'layoutUpdated',
    ],
  },
  {
    group: 'Articles',
    actions: [
      'articleSubmitted',
      'articleApproved',
      'articleRejected',
      'articlePublished',
      'articleScheduled',
      'articleRetracted',
    ],
  },
  { group: 'Trash', actions: ['recordTrashed', 'recordRestored', 'recordDeleted', 'trashExpired'] },
];

/** Every action in some group, whatever is added to AUDIT_ACTIONS later (unknown ones go under Other). */
export function actionOptions(): Array<{ group: string; items: Array<{ value: string; label: string }> }> {
  const grouped = new Set(ACTION_GROUPS.flatMap((g) => g.actions));
  const other = AUDIT_ACTION_NAMES.filter((a) => !grouped.has(a));
  return [...ACTION_GROUPS, ...(other.length > 0 ? [{ group: 'Other', actions: other }] : [])].map((g) => ({
    group: g.group,
    items: g.actions.map((a) => ({ value: a, label: AUDIT_ACTIONS[a] ?? a })),
  }));
}

export const actionLabel = (action: string) => AUDIT_ACTIONS[action as AuditAction] ?? action;

/** A colour per kind of action: failures and removals red, security changes orange, sign-ins green. */
export function actionColor(action: string): string {
  if (/Failed$|Blocked$|Throttled$/.test(action) || action === 'refreshReused') return 'red';
  if (/twoFactor|recovery|password|sessions?Ended/.test(action)) return 'orange';
  if (action === 'signIn' || action === 'signOut') return 'green';
  return 'brand';
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  roles: 'Roles',
  status: 'Status',
  description: 'Description',
  modelPermissions: 'Permissions',
  requiresTwoFactor: 'Requires two-factor sign-in',
  isSuperAdmin: 'Super admin',
  siteName: 'Site name',
  siteLogo: 'Site logo',
  siteFavicon: 'Favicon',
  footerCopyright: 'Footer copyright',
  googleAnalytics: 'Google Analytics ID',
  facebookAnalytics: 'Facebook Analytics ID',
  coverStory: 'Cover story',
  topStory: 'Top stories',
  headlines: 'Top headlines',
  sections: 'Sections',
};

/** `footerCopyright` as 'Footer copyright'; known fields by the names their forms use. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A before or after value as text: empty as '—', yes/no, lists joined, anything else as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
    if (value.every((v) => typeof v === 'object' && v !== null && 'name' in v))
      return value.map((v) => String((v as { name: unknown }).name)).join(', ');
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.every(([, v]) => Array.isArray(v)))
      return entries.map(([k, v]) => `${k}: ${(v as unknown[]).join(', ') || '—'}`).join('; ');
  }
  return JSON.stringify(value);
}

const TARGET_TYPES: Record<NonNullable<AuditEntry['targetType']>, string> = {
  user: 'User',
  role: 'Role',
  site: 'Site',
  'content-key': 'Content API key',
  webhook: 'Webhook',
  layout: 'Home page',
  session: 'Session',
  article: 'Article',
  category: 'Category',
  menu: 'Menu',
  epaper: 'E-paper',
  advertisement: 'Advertisement',
  client: 'Client',
  'breaking-news': 'Breaking news',
};

export const targetTypeLabel = (type: AuditEntry['targetType']) => (type ? (TARGET_TYPES[type] ?? type) : '');

/**
 * Where an article's entry leads: the article (its editor sends another type on to its own), or the article
 * trash for a move to the trash; nowhere once it is deleted for good.
 */
export function targetLink(entry: AuditEntry): { to: string; label: string } | null {
  if (entry.targetType !== 'article' || !entry.targetId) return null;
  if (entry.action === 'recordDeleted' || entry.action === 'trashExpired') return null;
  if (entry.action === 'recordTrashed') return { to: trashPath(ARTICLE_LIST_PATH), label: 'Open the article trash' };
  return { to: editPathFor('Article', entry.targetId), label: 'Open the article' };
}

/** An entry's note as shown: refused attempts (signInThrottled) with how many. */
export function noteText(entry: AuditEntry): string | undefined {
  if (entry.count === undefined) return entry.note;
  const times = `${entry.count} attempt${entry.count === 1 ? '' : 's'} refused`;
  return entry.note ? `${entry.note}: ${times}` : times;
}

/** How many things an entry says changed (fields, or a note). */
export const changeCount = (entry: AuditEntry) => Object.keys(entry.changes ?? {}).length + (noteText(entry) ? 1 : 0);
