/**
 * What a button of the editors will do to the article, said before it does it (CONTRACT.md §4): the workflow
 * table's status for this user, scheduled by the publish date, and what that asks of the person first. Pure.
 */
import type { ArticleStatus } from '../../../../shared/constants';
import { formatDateTime } from '../../../../shared/format';
import {
  type EditorKind,
  type FromStatus,
  isLive,
  nextStatus,
  savesAsDraftOfChanges,
  scheduled,
  type WorkflowAction,
  type WorkflowRole,
} from '../../../../shared/workflow';

export interface IntentQuery {
  from: FromStatus;
  action: WorkflowAction;
  who: WorkflowRole;
  kind: EditorKind;
  /** The form's publish date: null while the editor has not chosen one ("Publish immediately"). */
  publishDate: string | null | undefined;
  /** The publish date as stored, to tell a Scheduled story's re-save from a new date. */
  storedDate?: string | null;
  now: Date;
}

export interface PublishIntent {
  /** The status the action gives; undefined when it keeps a live article's changes as a draft, or is not allowed. */
  to: ArticleStatus | undefined;
  /** A story that readers do not see (a Draft, a new one, Need Review …) goes live, now or at its date. */
  goesLive: boolean;
  /** It goes Scheduled at a date to come, where it was not already scheduled for that date. */
  schedules: boolean;
  /** It goes live now, with a publish date the editor chose and that has passed: keep it, or date it now? */
  pastDate: boolean;
  /** A contributor's Publish (or a media Save): an editor reviews it first. */
  forReview: boolean;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * Whether a chosen date has passed. Articles pick a minute, so one before this minute has; video and gallery pick
 * a day (today means now), so only a day before today has.
 */
export function datePassed(publishDate: string, kind: EditorKind, now: Date): boolean {
  const at = Date.parse(publishDate);
  if (Number.isNaN(at)) return false;
  if (kind === 'media') return startOfDay(new Date(at)) < startOfDay(now);
  const minute = new Date(now);
  minute.setSeconds(0, 0);
  return at < minute.getTime();
}

export function publishIntent(q: IntentQuery): PublishIntent {
  const none = { to: undefined, goesLive: false, schedules: false, pastDate: false, forReview: false };
  if (q.from !== 'new' && savesAsDraftOfChanges(q.from, q.action, q.kind)) return none;
  const next = nextStatus({ from: q.from, action: q.action, who: q.who, kind: q.kind });
  if (!next) return none;
  const to = scheduled(next, q.publishDate, q.now);
  const wasLive = q.from !== 'new' && isLive(q.from);
  const goesLive = !wasLive && isLive(to);
  const sameSchedule = q.from === 'Scheduled' && q.publishDate === q.storedDate;
  return {
    to,
    goesLive,
    schedules: to === 'Scheduled' && !sameSchedule,
    pastDate:
      goesLive && to === 'Published' && Boolean(q.publishDate) && datePassed(q.publishDate ?? '', q.kind, q.now),
    forReview: to === 'Need Review',
  };
}

/** The viewer's time zone, as the app shows every time in it: 'Asia/Kolkata, GMT+5:30'. */
export function timeZoneName(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'shortOffset', timeZone: zone })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset && offset !== zone ? `${zone}, ${offset}` : zone;
}

/** A date and time as the app shows them (DD/MM/YYYY HH:mm), with the time zone named: '28/11/2026 18:30 (Asia/Kolkata, GMT+5:30)'. */
export const dateTimeWithZone = (iso: string): string => `${formatDateTime(iso)} (${timeZoneName(new Date(iso))})`;

export const SENT_FOR_REVIEW = 'Sent for review';
export const scheduledMessage = (publishDate: string) => `Scheduled for ${dateTimeWithZone(publishDate)}`;

/** The words beside a button whose outcome its label does not say; undefined when the label says it all. */
export function actionHint(intent: PublishIntent, action: WorkflowAction, kind: EditorKind): string | undefined {
  if (intent.forReview) return `${SENT_FOR_REVIEW}: an editor publishes it`;
  // Video and Gallery keep the contract's "Save publishes": Save says so.
  if (action === 'save' && kind === 'media' && intent.to && isLive(intent.to)) {
    return intent.to === 'Scheduled' ? 'Save schedules it' : 'Save publishes it';
  }
  return undefined;
}

/** Publish reads Schedule when the date is still to come. */
export function actionLabel(intent: PublishIntent, action: WorkflowAction, label: string): string {
  if (action !== 'publish' || intent.to !== 'Scheduled') return label;
  return label === 'Publish changes' ? 'Schedule changes' : 'Schedule';
}
