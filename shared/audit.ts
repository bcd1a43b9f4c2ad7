/** The audit trail of staff actions: what is recorded, and what GET /audit answers. */
export const AUDIT_ACTIONS = {
  signIn: 'Signed in',
  signInFailed: 'Sign-in failed',
  signInBlocked: 'Sign-in of a blocked account',
  signInThrottled: 'Attempts refused (too many)',
  signOut: 'Signed out',
  sessionEnded: 'Session ended',
  sessionsEnded: 'All sessions ended',
  refreshReused: 'Session ended: its refresh cookie was used twice',
  passwordChanged: 'Password changed',
  passwordCheckFailed: 'Wrong password re-entered',
  twoFactorEnabled: 'Two-factor sign-in turned on',
  twoFactorSetupFailed: 'Wrong code at two-factor set-up',
  twoFactorDisabled: 'Two-factor sign-in turned off',
  twoFactorReset: 'Two-factor sign-in reset',
  recoveryCodesRenewed: 'Recovery codes renewed',
  recoveryCodeUsed: 'Recovery code used',
  userCreated: 'User created',
  userUpdated: 'User changed',
  userBlocked: 'User blocked',
  userUnblocked: 'User unblocked',
  roleCreated: 'Role created',
  roleUpdated: 'Role changed',
  siteUpdated: 'Site settings changed',
  contentKeyCreated: 'Content API key made',
  contentKeyRevoked: 'Content API key revoked',
  webhookCreated: 'Webhook added',
  webhookUpdated: 'Webhook changed',
  webhookRemoved: 'Webhook removed',
  webhookRedelivered: 'Webhook delivery queued again',
  layoutUpdated: 'Home page changed',
  articleSubmitted: 'Article sent for review',
  articleApproved: 'Article approved',
  articleRejected: 'Article rejected',
  articlePublished: 'Article published',
  articleScheduled: 'Article scheduled',
  articleRetracted: 'Article retracted',
  recordTrashed: 'Moved to the trash',
  recordRestored: 'Restored from the trash',
  recordDeleted: 'Deleted from the trash for good',
  trashExpired: 'Deleted from the trash after 30 days',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

import type { TrashTargetType } from './trash-resources';

export type { TrashTargetType };

/** One entry as GET /audit returns it. */
export interface AuditEntry {
  _id: string;
  at: string;
  action: AuditAction;
  /** Who acted (absent for a failed sign-in of an unknown email). */
  actorId?: string;
  actorName?: string;
  /** The email typed, for sign-ins. */
  email?: string;
  ip: string;
  /** What was acted on, when it is not the actor. */
  targetType?: 'user' | 'role' | 'site' | 'content-key' | 'webhook' | 'layout' | 'session' | TrashTargetType;
  targetId?: string;
  targetName?: string;
  /** What changed: field → [before, after] for plain fields, or a short note. */
  changes?: Record<string, [unknown, unknown]>;
  note?: string;
  /**
   * `signInThrottled` only: the attempts one counter refused in one window (`at` is the window's start), and
   * when the last was. A flood of refusals adds to this count instead of writing entries.
   */
  count?: number;
  lastAt?: string;
}

/** GET /audit?user=&action=&day=YYYY-MM-DD&cursor= → a page, newest first, and the cursor of the next one. */
export interface AuditPage {
  list: AuditEntry[];
  next?: string;
}
