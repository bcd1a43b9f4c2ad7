import { describe, expect, it } from 'vitest';
import { articleSchemaFor, MAX_TAG_LENGTH, MAX_TAGS } from '../../shared/schemas/article';
import {
  addTag,
  commitDraft,
  keyAction,
  refusalText,
  removeTag,
  typeIntoDraft,
} from '../../web/src/articles/media/tags';

describe('tag input rules (CONTRACT.md §5)', () => {
  it('adds typed text as a trimmed tag', () => {
    expect(commitDraft(['news'], '  world cup  ')).toEqual({ tags: ['news', 'world cup'], draft: '' });
  });

  it('ignores blank text and clears the box', () => {
    expect(commitDraft(['news'], '')).toEqual({ tags: ['news'], draft: '' });
    expect(commitDraft(['news'], '   ')).toEqual({ tags: ['news'], draft: '' });
  });

  it('ignores a tag that is already there, whatever its case or surrounding spaces', () => {
    expect(commitDraft(['news'], ' news ')).toEqual({
      tags: ['news'],
      draft: '',
      refused: { tag: 'news', reason: 'duplicate' },
    });
    expect(commitDraft(['News'], 'news').tags).toEqual(['News']);
  });

  it('keeps a too-long tag in the box so it can be shortened', () => {
    const long = 'x'.repeat(MAX_TAG_LENGTH + 1);
    expect(commitDraft([], long)).toEqual({ tags: [], draft: long, refused: { tag: long, reason: 'too-long' } });
    expect(commitDraft([], 'x'.repeat(MAX_TAG_LENGTH)).tags).toHaveLength(1);
  });

  it(`stops at ${MAX_TAGS} tags`, () => {
    const full = Array.from({ length: MAX_TAGS }, (_, i) => `tag ${i}`);
    const outcome = commitDraft(full, 'one more');
    expect(outcome.tags).toEqual(full);
    expect(outcome.refused?.reason).toBe('full');
    expect(outcome.draft).toBe('one more');
  });

  it('does not change the list it was given', () => {
    const tags = Object.freeze(['a']) as readonly string[];
    expect(addTag(tags, 'b').tags).toEqual(['a', 'b']);
    expect(tags).toEqual(['a']);
  });

  it('a comma in typed or pasted text commits each piece before it and keeps the rest as the draft', () => {
    expect(typeIntoDraft([], 'sport')).toEqual({ tags: [], draft: 'sport' });
    expect(typeIntoDraft([], 'sport,')).toEqual({ tags: ['sport'], draft: '' });
    expect(typeIntoDraft(['news'], 'a, ,b,news, c')).toEqual({
      tags: ['news', 'a', 'b'],
      draft: ' c',
      refused: { tag: 'news', reason: 'duplicate' },
    });
  });

  it('comma always commits, Tab commits only when there is text, Enter never submits', () => {
    expect(keyAction(',', '')).toBe('commit');
    expect(keyAction(',', 'news')).toBe('commit');
    expect(keyAction('Tab', 'news')).toBe('commit');
    // An empty box lets Tab move focus on: the keyboard is never trapped.
    expect(keyAction('Tab', '')).toBe('default');
    expect(keyAction('Tab', '   ')).toBe('default');
    expect(keyAction('Enter', 'news')).toBe('block');
    expect(keyAction('a', 'news')).toBe('default');
    expect(keyAction('Backspace', '')).toBe('default');
  });

  it('clicking a tag removes exactly that tag', () => {
    expect(removeTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(removeTag(['a'], 'z')).toEqual(['a']);
  });

  it('explains a refusal in words', () => {
    expect(refusalText({ tag: 'news', reason: 'duplicate' })).toBe('"news" is already a tag');
    expect(refusalText({ tag: 'x', reason: 'too-long' })).toBe(`A tag has at most ${MAX_TAG_LENGTH} characters`);
    expect(refusalText({ tag: 'x', reason: 'full' })).toBe(`At most ${MAX_TAGS} tags`);
  });

  it('whatever the input accepts, the shared gallery schema accepts too', () => {
    let tags: string[] = [];
    for (const typed of ['a', ' A ', 'b ', '', 'c,d', 'x'.repeat(MAX_TAG_LENGTH)]) {
      tags = typeIntoDraft(tags, `${typed},`).tags;
    }
    const parsed = articleSchemaFor('Gallery').shape.tags.safeParse(tags);
    expect(parsed.success).toBe(true);
    expect(tags).toEqual(['a', 'b', 'c', 'd', 'x'.repeat(MAX_TAG_LENGTH)]);
  });
});
