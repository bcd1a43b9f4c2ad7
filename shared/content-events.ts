/**
 * What the reader-facing site is told when published content changes: the events of the delivery API's webhooks
 * (CONTRACT.md §7 Webhooks). They are made from the table's own changes (functions/content-changes/), so every
 * path that changes published content (a save, the publisher, the trash and its sweeper, a rename's sync) tells
 * the site alike, and the payload carries only what the delivery API would show anyone.
 */
export const CONTENT_EVENTS = [
  'article.published',
  'article.updated',
  'article.retracted',
  'article.removed',
  'home.changed',
  'menu.changed',
  'breaking-news.changed',
  'site.changed',
  'epaper.changed',
] as const;

export type ContentEventName = (typeof CONTENT_EVENTS)[number];

/** What each event says, for the webhook screen's choices. */
export const CONTENT_EVENT_LABELS: Record<ContentEventName, string> = {
  'article.published': 'Article published',
  'article.updated': 'Published article updated',
  'article.retracted': 'Article retracted',
  'article.removed': 'Article removed',
  'home.changed': 'Home page changed',
  'menu.changed': 'Menu changed',
  'breaking-news.changed': 'Breaking news changed',
  'site.changed': 'Site settings changed',
  'epaper.changed': 'E-paper changed',
};

/**
 * One event, as a webhook's body carries it. `data` holds public fields only: an article's id, slug and title
 * and its delivery paths; a menu's name; an e-paper's id. Never a staff member's e-mail, role or user id.
 */
export interface ContentEvent {
  /** Unique per event (a ULID): a receiver drops a delivery it has seen (retries resend the same id). */
  id: string;
  event: ContentEventName;
  /** When the change was made (ISO 8601). */
  at: string;
  data: Record<string, unknown>;
}
