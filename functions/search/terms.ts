/**
 * What the title index holds and what a search looks for: words found by Intl.Segmenter (so Devanagari,
 * Bengali, Tamil, Urdu, CJK and Latin titles split where their writers split them), after the same folding as
 * every list search (lower case, accents removed), and each word's edge prefixes for type-ahead.
 */
import {
  SEARCH_INDEX_VERSION,
  SEARCH_LONG_PREFIX_MAX,
  SEARCH_MIN_TERM,
  SEARCH_PREFIX_MAX,
  SEARCH_V1_MAX_LONG_COUNTERS,
  SEARCH_V1_MAX_TERMS,
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
 * first. A term stands for "a word of the title starts with it". Every word is findable by every prefix of
 * SEARCH_MIN_TERM code points or more, however long the title: a prefix cut at a grapheme boundary, or anywhere a
 * user stops typing inside a cluster (after a consonant's virama, before its matra), is a code-point prefix too.
 * Version 1 of the index (rows not re-indexed yet) kept at most SEARCH_V1_MAX_TERMS, dropping the short prefixes of
 * a long title's later words; its terms are still computed, to take such a row out of the index exactly.
 */
export function indexTerms(title: string, version = SEARCH_INDEX_VERSION): string[] {
  const words = wordsOf(title).filter((w) => !isStopWord(w));
  const max = version >= 2 ? Number.POSITIVE_INFINITY : SEARCH_V1_MAX_TERMS;
  const terms = new Set<string>();
  const add = (term: string) => {
    if (terms.size < max) terms.add(term);
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

const commonPrefix = (a: string, b: string) => {
  const x = codePoints(a);
  const y = codePoints(b);
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return x.slice(0, n).join('');
};

/**
 * The first version of the terms with a counter per longer prefix and a posting per long word (longPrefixes,
 * longWordKeys), in place of the credit items of versions 1 and 2 (longCredits).
 */
export const PREFIX_COUNTERS_VERSION = 3;

/** A long word as the index tells it apart: its first SEARCH_LONG_PREFIX_MAX code points. */
export const longWordKey = (word: string) => codePoints(word).slice(0, SEARCH_LONG_PREFIX_MAX).join('');

/**
 * The distinct long words of a title (not stop-words), each as its key (longWordKey). From version 3 each has a
 * small posting under its start that holds only the word and the record's place (writes.ts), so a search of a long
 * word reads the records of that word, not every record of its start.
 */
export function longWordKeys(title: string): string[] {
  return [
    ...new Set(
      wordsOf(title)
        .filter((w) => !isStopWord(w) && isLongWord(w))
        .map(longWordKey),
    ),
  ];
}

/**
 * The longer prefixes of a title's long words (SEARCH_PREFIX_MAX + 1 to SEARCH_LONG_PREFIX_MAX code points),
 * distinct: from version 3 each has a term counter of its own (writes.ts, `counterMoves`), moved by one for the
 * record however many of its words start with it, so a long word's exact total is one counter, as a short one's.
 */
export function longPrefixes(title: string, version = SEARCH_INDEX_VERSION): string[] {
  if (version < PREFIX_COUNTERS_VERSION) return [];
  const prefixes = new Set<string>();
  for (const key of longWordKeys(title)) {
    const chars = codePoints(key);
    for (let length = SEARCH_PREFIX_MAX + 1; length <= chars.length; length++) {
      prefixes.add(chars.slice(0, length).join(''));
    }
  }
  return [...prefixes];
}

/**
 * Versions 1 and 2 (version 3 has none, see longPrefixes): what a title adds to the long counters, by start
 * (indexedPrefix), the credits that make "how many titles hold a word starting with P" the sum of the counters whose key starts with P, for every P longer than
 * SEARCH_PREFIX_MAX and up to SEARCH_LONG_PREFIX_MAX characters. The title's long words of one start (cut to
 * SEARCH_LONG_PREFIX_MAX) are sorted; each counts +1 under itself and each two neighbours' common prefix −1 (when
 * longer than the start). The words starting with P are neighbours in that order, k of them: k words and k − 1
 * common prefixes start with P, so the sum is 1 whenever k ≥ 1, and 0 otherwise. Whole starts are kept while
 * their keys fit; the other starts are `uncounted`, and a search of their long words counts by reading
 * (query.ts). Version 2 counts every start (a save too large for one transaction goes in steps: writes.ts), so
 * only rows still indexed by version 1, which kept SEARCH_V1_MAX_LONG_COUNTERS, leave starts uncounted.
 */
export interface LongCredits {
  /** start → counter key → credit (+1 or −1). */
  counted: Map<string, Map<string, number>>;
  uncounted: Set<string>;
}

export function longCredits(title: string, version = SEARCH_INDEX_VERSION): LongCredits {
  const credits: LongCredits = { counted: new Map(), uncounted: new Set() };
  if (version >= PREFIX_COUNTERS_VERSION) return credits;
  const max = version >= 2 ? Number.POSITIVE_INFINITY : SEARCH_V1_MAX_LONG_COUNTERS;
  const byStart = new Map<string, Set<string>>();
  for (const word of longWordKeys(title)) {
    const start = indexedPrefix(word);
    byStart.set(start, (byStart.get(start) ?? new Set<string>()).add(word));
  }
  let keys = 0;
  for (const [start, set] of byStart) {
    const words = [...set].sort();
    const byKey = new Map<string, number>();
    words.forEach((word, i) => {
      byKey.set(word, (byKey.get(word) ?? 0) + 1);
      const shared = i > 0 ? commonPrefix(words[i - 1] as string, word) : '';
      if (isLongWord(shared)) byKey.set(shared, (byKey.get(shared) ?? 0) - 1);
    });
    for (const [key, credit] of byKey) if (credit === 0) byKey.delete(key);
    if (keys + byKey.size > max) {
      credits.uncounted.add(start);
      continue;
    }
    keys += byKey.size;
    credits.counted.set(start, byKey);
  }
  return credits;
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
