/**
 * Word count and reading time of what an editor holds. Pure. Words are counted with
 * Intl.Segmenter's word granularity, so scripts without spaces between every word, and Devanagari with its
 * combining vowel signs, count as a reader would count them.
 */

import { htmlToText } from '../../../../shared/render-blocks';
import type { EditorData, EditorListItem, Section } from '../../../../shared/schemas/article-body';
import type { ArticleFieldValues } from '../../../../shared/schemas/article-record';

/** An adult reads about this many words a minute (news copy). */
export const WORDS_PER_MINUTE = 200;

let segmenter: Intl.Segmenter | undefined;

/** How many words `text` holds: word-like segments only (no spaces, no punctuation). */
export function countWords(text: string): number {
  if (!text.trim()) return 0;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words += 1;
  return words;
}

/** Whole minutes, rounded up; none for no words. */
export const readingMinutes = (words: number) => (words <= 0 ? 0 : Math.ceil(words / WORDS_PER_MINUTE));

const listText = (items: readonly (string | EditorListItem)[] | undefined): string[] =>
  (items ?? []).flatMap((item) =>
    typeof item === 'string' ? [htmlToText(item)] : [htmlToText(item.content), ...listText(item.items)],
  );

/** The text a reader sees in a rich-text body, one line per block (tags dropped, entities decoded). */
export function blocksText(data: EditorData | undefined | null): string {
  const lines: string[] = [];
  for (const block of data?.blocks ?? []) {
    switch (block.type) {
      case 'paragraph':
      case 'header':
        lines.push(htmlToText(block.data.text));
        break;
      case 'quote':
        lines.push(htmlToText(block.data.text));
        if (block.data.caption) lines.push(htmlToText(block.data.caption));
        break;
      case 'list':
        lines.push(...listText(block.data.items));
        break;
      case 'image':
        if (block.data.caption) lines.push(htmlToText(block.data.caption));
        break;
      default:
        break;
    }
  }
  return lines.filter((line) => line !== '').join('\n');
}

/** A section's sub-headline and text. */
export const sectionText = (section: Section | undefined): string =>
  [section?.title?.trim() ?? '', blocksText(section?.body)].filter((part) => part !== '').join('\n');

export interface TextStats {
  words: number;
  minutes: number;
}

/**
 * What is counted: the title and the sections (sub-headlines and text). Video and Gallery have no sections, so
 * their description and captions count instead.
 */
export function articleStats(fields: Partial<ArticleFieldValues>): TextStats {
  const parts = [fields.title ?? ''];
  const sections = fields.body ?? [];
  if (sections.length > 0) parts.push(...sections.map(sectionText));
  else {
    parts.push(fields.description ?? '');
    for (const item of [...(fields.videos ?? []), ...(fields.gallery ?? [])]) parts.push(item.description ?? '');
  }
  const words = parts.reduce((sum, part) => sum + countWords(part), 0);
  return { words, minutes: readingMinutes(words) };
}

/** "312 words · 2 min read", "1 word · 1 min read", "No words yet". */
export function statsLabel({ words, minutes }: TextStats): string {
  if (words === 0) return 'No words yet';
  return `${words.toLocaleString('en-GB')} ${words === 1 ? 'word' : 'words'} · ${minutes} min read`;
}
