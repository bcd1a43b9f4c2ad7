import { describe, expect, it } from 'vitest';
import { articleSchemaFor, articleTypeProblem } from '../../shared/schemas/article';
import {
  actionHint,
  actionLabel,
  dateTimeWithZone,
  type IntentQuery,
  publishIntent,
  scheduledMessage,
} from '../../web/src/articles/form/publish-intent';

const now = new Date(2026, 10, 28, 12, 30, 20);
const inHours = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();
const q = (over: Partial<IntentQuery>): IntentQuery => ({
  from: 'Draft',
  action: 'publish',
  who: 'editor',
  kind: 'article',
  publishDate: null,
  now,
  ...over,
});

describe('what a button will do, said before it does it', () => {
  it('Publish with a date to come reads Schedule and schedules', () => {
    const intent = publishIntent(q({ publishDate: inHours(5) }));
    expect(intent).toMatchObject({ to: 'Scheduled', schedules: true, goesLive: true, pastDate: false });
    expect(actionLabel(intent, 'publish', 'Publish')).toBe('Schedule');
    expect(actionLabel(intent, 'publish', 'Publish changes')).toBe('Schedule changes');
  });

  it('Publish with no date chosen publishes now, with nothing to ask', () => {
    const intent = publishIntent(q({ publishDate: null }));
    expect(intent).toMatchObject({ to: 'Published', schedules: false, pastDate: false });
    expect(actionLabel(intent, 'publish', 'Publish')).toBe('Publish');
    expect(actionHint(intent, 'publish', 'article')).toBeUndefined();
  });

  it('a chosen date that has passed is a question when the story goes live, not when a live one is re-published', () => {
    expect(publishIntent(q({ publishDate: inHours(-2) })).pastDate).toBe(true);
    // This very minute has not passed.
    const thisMinute = new Date(now);
    thisMinute.setSeconds(0, 0);
    expect(publishIntent(q({ publishDate: thisMinute.toISOString() })).pastDate).toBe(false);
    expect(publishIntent(q({ from: 'Published', publishDate: inHours(-48) })).pastDate).toBe(false);
  });

  it('video and gallery pick a day: today is not past, yesterday is', () => {
    const today = new Date(2026, 10, 28, 0, 0).toISOString();
    const yesterday = new Date(2026, 10, 27, 0, 0).toISOString();
    expect(publishIntent(q({ kind: 'media', publishDate: today })).pastDate).toBe(false);
    expect(publishIntent(q({ kind: 'media', publishDate: yesterday })).pastDate).toBe(true);
  });

  it('a media Save on an existing story says it publishes (or schedules); on a new one it is a Draft', () => {
    const save = publishIntent(q({ action: 'save', kind: 'media' }));
    expect(save).toMatchObject({ to: 'Published', goesLive: true });
    expect(actionHint(save, 'save', 'media')).toBe('Save publishes it');
    const later = publishIntent(q({ action: 'save', kind: 'media', publishDate: inHours(30) }));
    expect(actionHint(later, 'save', 'media')).toBe('Save schedules it');
    const live = publishIntent(q({ from: 'Published', action: 'save', kind: 'media' }));
    expect(live.goesLive).toBe(false);
    expect(actionHint(live, 'save', 'media')).toBe('Save publishes it');
    const created = publishIntent(q({ from: 'new', action: 'save', kind: 'media' }));
    expect(created.to).toBe('Draft');
    expect(actionHint(created, 'save', 'media')).toBeUndefined();
  });

  it("a contributor's Publish is sent for review", () => {
    const intent = publishIntent(q({ who: 'contributor', publishDate: inHours(5) }));
    expect(intent).toMatchObject({ to: 'Need Review', forReview: true, schedules: false });
    expect(actionHint(intent, 'publish', 'article')).toBe('Sent for review: an editor publishes it');
    expect(actionLabel(intent, 'publish', 'Publish')).toBe('Publish');
  });

  it('a Scheduled story saved again for the same date is not scheduled anew', () => {
    const date = inHours(5);
    const intent = publishIntent(
      q({ from: 'Scheduled', action: 'save', kind: 'media', publishDate: date, storedDate: date }),
    );
    expect(intent).toMatchObject({ to: 'Scheduled', schedules: false });
  });

  it('says the date and time with the time zone they are in', () => {
    const at = new Date(2026, 11, 1, 18, 30).toISOString();
    expect(dateTimeWithZone(at)).toMatch(/^01\/12\/2026 18:30 \(.+\)$/);
    expect(scheduledMessage(at)).toMatch(/^Scheduled for 01\/12\/2026 18:30 \(/);
  });
});

describe('the publish date of the types that require one', () => {
  it('takes null for "Publish immediately" and still refuses a save that leaves it out', () => {
    const schema = articleSchemaFor('Article');
    const date = schema.shape.publishDate;
    expect(date.safeParse(null).success).toBe(true);
    expect(date.safeParse('2026-11-28T10:00:00.000Z').success).toBe(true);
    expect(date.safeParse(undefined).error?.issues[0]?.message).toBe('Publish date is required');
    expect(articleTypeProblem('Video', { title: 'x' })).toBeDefined();
  });
});
