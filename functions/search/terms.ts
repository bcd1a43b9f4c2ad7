/**
 * What the title index holds and what a search looks for: words found by Intl.Segmenter (so Devanagari,
 * Bengali, Tamil, Urdu, CJK and Latin titles split where their writers split them), after the same folding as
 * every list search (lower case, accents removed), and each word's edge prefixes for type-ahead.
 */
import {
  SEARCH_LONG_PREFIX_MAX,
  SEARCH_MAX_LONG_STARTS,
  SEARCH_MAX_TERMS,
  SEARCH_MIN_TERM,
  SEARCH_PREFIX_MAX,
} from '../../shared/constants';
import { searchable } from '../lib/text';

/** English function words: never indexed, and dropped from a search unless typed last (a prefix in progress). */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by for from had has have he her his i if in into is it its no not of on or ' +
    'our she so than that the their them then there these they this to was we were what when which who will ' +
    'with you your'
  ).split(' '),
);

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Code points, not UTF-16 units: a prefix never splits a character outside the basic plane. */
const codePoints = (word: string) => Array.from(word);

/** The distinct words of a text, in order, folded; single characters, punctuation and emoji left out. */
export function wordsOf(text: string): string[] {
  const words = new Set<string>();
  for (const part of segmenter.segment(searchable(text))) {
    if (part.isWordLike && codePoints(part.segment).length >= SEARCH_MIN_TERM) words.add(part.segment);
  }
  return [...words];
}

const isStopWord = (word: string) => STOP_WORDS.has(word);

/** The index key of a search word: the word itself, or its longest indexed prefix when it is longer. */
export const indexedPrefix = (word: string) => codePoints(word).slice(0, SEARCH_PREFIX_MAX).join('');

/**
 * The terms a title is indexed under: each word's key (indexedPrefix), then the shorter edge prefixes, shortest
 * first, up to SEARCH_MAX_TERMS. A term stands for "a word of the title starts with it". Only a title of very
 * many words runs out of room, and then some of its short prefixes are left out: every word stays findable by
 * itself and by any prefix of SEARCH_PREFIX_MAX characters or more.
 */
export function indexTerms(title: string): string[] {
  const words = wordsOf(title).filter((w) => !isStopWord(w));
  const terms = new Set<string>();
  const add = (term: string) => {
    if (terms.size < SEARCH_MAX_TERMS) terms.add(term);
  };
  for (const word of words) add(indexedPrefix(word));
  for (let length = SEARCH_MIN_TERM; length < SEARCH_PREFIX_MAX; length++) {
    for (const word of words) {
      const chars = codePoints(word);
      if (chars.length > length) add(chars.slice(0, length).join(''));
    }
  }
  return [...terms];
}

/** Whether a search word is longer than the indexed prefixes (found under its start, counted on the long counter). */
export const isLongWord = (word: string) => codePoints(word).length > SEARCH_PREFIX_MAX;

/**
 * The longer prefixes of a title's long words (SEARCH_PREFIX_MAX + 1 characters up to SEARCH_LONG_PREFIX_MAX), by
 * their start (indexedPrefix): what the long counters count, each once per title.
 */
export function longPrefixes(title: string): Map<string, Set<string>> {
  const byStart = new Map<string, Set<string>>();
  for (const word of wordsOf(title)) {
    if (isStopWord(word) || !isLongWord(word)) continue;
    const start = indexedPrefix(word);
    if (!byStart.has(start) && byStart.size === SEARCH_MAX_LONG_STARTS) continue;
    const prefixes = byStart.get(start) ?? new Set<string>();
    const chars = codePoints(word);
    for (let length = SEARCH_PREFIX_MAX + 1; length <= Math.min(chars.length, SEARCH_LONG_PREFIX_MAX); length++) {
      prefixes.add(chars.slice(0, length).join(''));
    }
    byStart.set(start, prefixes);
  }
  return byStart;
}

/**
 * The words a search asks for, each matching a title word that starts with it. Stop-words are dropped unless
 * typed last (then they are the start of a longer word); a search of nothing indexable asks for nothing.
 */
export function searchWords(search: string): string[] {
  const words = wordsOf(search);
  return words.filter((w, i) => i === words.length - 1 || !isStopWord(w));
}

/**
 * Whether a title holds a word (not a stop-word, as in the index) starting with each of `words`: the check on
 * the rows a Query fetched.
 */
export function titleMatches(foldedTitle: string, words: readonly string[]): boolean {
  const titleWords = wordsOf(foldedTitle).filter((w) => !isStopWord(w));
  return words.every((w) => titleWords.some((t) => t.startsWith(w)));
}
