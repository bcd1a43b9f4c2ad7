/**
 * The audit trail's entries for an article's editorial moves (CONTRACT.md §4): sent for review, approved,
 * rejected (with the note), published or scheduled, retracted, and the scheduled publisher's publishing. Each is
 * written in the move's own transaction, so there is exactly one entry per move and the save waits for no extra
 * round trip. Saves that keep or make a Draft are the article history's business, not the trail's.
 */
import type { AuditAction } from '../../shared/audit';
import type { ArticleStatus } from '../../shared/constants';
import { isLive, type MoveAction, SCHEDULED_PUBLISH } from '../../shared/workflow';
import { auditPut } from '../audit/model';
import type { Actor } from '../audit/record';
import type { TransactItem } from '../lib/db/records';
import type { ArticleRecord } from './model';

/** Which entry a move makes, if any: by the action asked, and where the article went. */
export function editorialAuditAction(
  action: MoveAction,
  from: ArticleStatus | 'new',
  to: ArticleStatus,
): AuditAction | undefined {
  if (action === 'approve') return 'articleApproved';
  if (action === 'reject') return 'articleRejected';
  if (action === 'retract') return 'articleRetracted';
  // Publish, the publisher, and a media editor's Save (which publishes): a move to a live status, or a Publish of
  // a live article's changes.
  if (isLive(to) && (action === 'publish' || action === SCHEDULED_PUBLISH || from !== to)) {
    return to === 'Scheduled' ? 'articleScheduled' : 'articlePublished';
  }
  if (to === 'Need Review' && from !== 'Need Review') return 'articleSubmitted';
  return undefined;
}

export interface EditorialMove {
  /** Who asked (null: the scheduled publisher). */
  actor: Actor | null;
  ip: string;
  action: MoveAction;
  from: ArticleStatus | 'new';
  /** The article as the move stores it. */
  article: ArticleRecord;
  at: string;
  note?: string;
}

/** The move's audit entry as a write of its transaction; none for a move the trail does not record. */
export function editorialAudit(move: EditorialMove): TransactItem[] {
  const { actor, article } = move;
  const action = editorialAuditAction(move.action, move.from, article.status);
  if (!action) return [];
  return [
    auditPut(
      {
        action,
        // The publisher is nobody's account: named, with no id to filter by.
        ...(actor ? { actorId: actor._id, actorName: actor.name } : { actorName: 'Scheduled publishing' }),
        ip: move.ip,
        targetType: 'article',
        targetId: article._id,
        targetName: article.title,
        changes: { status: [move.from === 'new' ? null : move.from, article.status] },
        ...(move.note ? { note: move.note } : {}),
      },
      move.at,
    ),
  ];
}
