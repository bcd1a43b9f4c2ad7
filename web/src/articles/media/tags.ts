/**
 * The tag input's rules (CONTRACT.md §5): a comma or Tab adds the typed text as a tag, trimmed, when it is not empty
 * and not already there; clicking a tag removes it. Pure, so the rules are tested without a browser.
 */
import { MAX_TAG_LENGTH, MAX_TAGS } from '../../../../shared/schemas/article';

/** Why typed text did not become a tag ('blank' is ignored silently). */
export type TagRefusal = 'blank' | 'duplicate' | 'too-long' | 'full';

export interface TagOutcome {
  tags: string[];
  /** What stays in the text box. */
  draft: string;
  /** The tag that was refused and why (for a polite notice); absent when it was added or blank. */
  refused?: { tag: string; reason: Exclude<TagRefusal, 'blank'> };
}

/** Tags repeat when they differ only in case, as the API judges them ('News' and 'news'). */
const sameTag = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Adds one piece of typed text as a tag, or says why not. */
export function addTag(tags: readonly string[], raw: string): { tags: string[]; refused?: TagRefusal } {
  const tag = raw.trim();
  if (tag === '') return { tags: [...tags], refused: 'blank' };
  if (tags.some((existing) => sameTag(existing, tag))) return { tags: [...tags], refused: 'duplicate' };
  if (tag.length > MAX_TAG_LENGTH) return { tags: [...tags], refused: 'too-long' };
  if (tags.length >= MAX_TAGS) return { tags: [...tags], refused: 'full' };
  return { tags: [...tags, tag] };
}

export const removeTag = (tags: readonly string[], tag: string): string[] => tags.filter((t) => t !== tag);

/**
 * Commits the draft (comma or Tab pressed). A refused too-long tag stays in the box so it can be shortened;
 * a blank or repeated one is dropped.
 */
export function commitDraft(tags: readonly string[], draft: string): TagOutcome {
  const result = addTag(tags, draft);
  if (!result.refused) return { tags: result.tags, draft: '' };
  if (result.refused === 'blank') return { tags: result.tags, draft: '' };
  const tag = draft.trim();
  const keep = result.refused === 'too-long' || result.refused === 'full';
  return { tags: result.tags, draft: keep ? draft : '', refused: { tag, reason: result.refused } };
}

/**
 * The text box changed (typing or pasting). A comma in it commits every piece before the last comma in turn;
 * what follows the last comma stays as the draft ('a, b, c' → tags a and b, draft ' c').
 */
export function typeIntoDraft(tags: readonly string[], value: string): TagOutcome {
  if (!value.includes(',')) return { tags: [...tags], draft: value };
  const pieces = value.split(',');
  const rest = pieces.pop() ?? '';
  let current: string[] = [...tags];
  let refused: TagOutcome['refused'];
  for (const piece of pieces) {
    const outcome = commitDraft(current, piece);
    current = outcome.tags;
    if (outcome.refused) refused = outcome.refused;
  }
  return { tags: current, draft: rest, refused };
}

/**
 * What a key press does: comma always commits (a comma is never part of a tag); Tab commits only when there
 * is text to commit — on an empty box Tab moves focus on as usual, so the keyboard is never trapped.
 * Enter does nothing, so it cannot submit the form by accident.
 */
export function keyAction(key: string, draft: string): 'commit' | 'block' | 'default' {
  if (key === ',') return 'commit';
  if (key === 'Tab') return draft.trim() === '' ? 'default' : 'commit';
  if (key === 'Enter') return 'block';
  return 'default';
}

/** The sentence a screen reader hears (and a sighted user sees) for a refused tag. */
export function refusalText(refused: NonNullable<TagOutcome['refused']>): string {
  switch (refused.reason) {
    case 'duplicate':
      return `"${refused.tag}" is already a tag`;
    case 'too-long':
      return `A tag has at most ${MAX_TAG_LENGTH} characters`;
    case 'full':
      return `At most ${MAX_TAGS} tags`;
  }
}
