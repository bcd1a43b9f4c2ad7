/**
 * Slugs: the last part of an article's or a category's address on the site. They keep the title's own script
 * (`राजनीति-में-नया-मोड़`, the way Hindi news sites publish) or, for a site whose slug style is `latin`, spell
 * Indic and Urdu titles in ASCII (`rajniti-men-naya-mor`). Stored as Unicode (NFC); a URL sent over the wire
 * percent-encodes it (slugPath). Pure: the editors preview with the same function the API stores with.
 */
import { transliterate } from './transliterate';

/** At most this many code points: a Hindi slug of 80 is about 720 characters once percent-encoded. */
export const SLUG_MAX = 80;

/** The site setting: keep the title's script, or write Indic and Urdu in Latin letters. */
export const SLUG_STYLES = ['native', 'latin'] as const;
export type SlugStyle = (typeof SLUG_STYLES)[number];
export const DEFAULT_SLUG_STYLE: SlugStyle = 'native';

export const SLUG_MESSAGES = {
  empty: 'The URL needs at least one letter or digit',
  long: `The URL is too long: at most ${SLUG_MAX} letters and digits`,
  mixed:
    'A word of the URL mixes letters of different scripts that look alike (such as Latin and Cyrillic): write it in one script',
} as const;

/** The API's refusal of a slug another article holds (the editors show it on the slug field too). */
export const ARTICLE_SLUG_TAKEN = 'An article with this URL already exists';

/** Latin letters that have no accent to drop but an ASCII spelling. */
const LATIN_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
};

/**
 * The text as a slug, unbounded: lower case; Latin accents dropped (`Élection` → `election`); letters, marks and
 * digits of every script kept; apostrophes, invisible characters (joiners, variation selectors) and enclosing
 * marks removed;
 * everything else (spaces, punctuation, emoji) one dash between words.
 */
function slugText(text: string, style: SlugStyle): string {
  const source = style === 'latin' ? transliterate(text) : text;
  return (
    source
      .toLowerCase()
      .normalize('NFKD')
      .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
      .replace(/[ßæœøđðþłıħ]/g, (c) => LATIN_FOLDS[c] ?? c)
      .normalize('NFC')
      .replace(/[\p{Default_Ignorable_Code_Point}\p{Me}]/gu, '')
      // An apostrophe joins a word (AAP’s → aaps) rather than splitting it.
      .replace(/['’ʼ]/g, '')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/(^|-)\p{M}+/gu, '$1')
      .replace(/^-+|-+$/g, '')
  );
}

let graphemes: Intl.Segmenter | undefined;

/**
 * At most `max` code points: at the last whole word when one ends in the second half, else at a letter's edge
 * (a grapheme, so a consonant keeps its vowel sign).
 */
function bounded(slug: string, max: number): string {
  const points = [...slug];
  if (points.length <= max) return slug;
  const words = points.slice(0, max + 1).join('');
  const lastDash = words.lastIndexOf('-');
  if (lastDash > 0 && [...words.slice(0, lastDash)].length >= max / 2) return words.slice(0, lastDash);
  graphemes ??= new Intl.Segmenter('und', { granularity: 'grapheme' });
  let out = '';
  let count = 0;
  for (const { segment } of graphemes.segment(slug)) {
    const size = [...segment].length;
    if (count + size > max) break;
    out += segment;
    count += size;
  }
  return out.replace(/-+$/, '');
}

/** A slug made from a title or a name, in the site's style; '' when the text has no letter or digit. */
export function slugify(text: string, style: SlugStyle = DEFAULT_SLUG_STYLE): string {
  return bounded(slugText(text, style), SLUG_MAX);
}

/** What a person typed as a slug, as it is stored. A pasted percent-encoded one (from an address bar) is decoded. */
function typedText(input: string): string {
  const text = input.trim();
  if (!/%[0-9a-f]{2}/i.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A slug someone typed, as stored: the same rules, in the script they typed it in (the site's style is for made ones). */
export const normalizeSlug = (input: string): string => slugify(typedText(input), 'native');

/** The scripts a slug's words are told apart by; any other script counts as one more. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Arabic',
  'Hebrew',
  'Thai',
  'Lao',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
].map((name) => ({ name, test: new RegExp(`\\p{Script=${name}}`, 'u') }));
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

function scriptOf(char: string): string | undefined {
  if (SHARED.test(char)) return undefined;
  return SCRIPTS.find((s) => s.test.test(char))?.name ?? 'Other';
}

/** The mixes UTS #39 calls moderately restrictive: Latin with the CJK scripts, or with one script not Cyrillic or Greek. */
function allowedMix(scripts: Set<string>): boolean {
  if (scripts.size <= 1) return true;
  const cjk = ['Latin', 'Han', 'Hiragana', 'Katakana', 'Bopomofo', 'Hangul'];
  if ([...scripts].every((s) => cjk.includes(s))) return !(scripts.has('Bopomofo') && scripts.has('Hangul'));
  return scripts.size === 2 && scripts.has('Latin') && !scripts.has('Cyrillic') && !scripts.has('Greek');
}

/**
 * The first word (between dashes) of a slug that mixes scripts the way look-alikes do (`pаypal` with a Cyrillic а),
 * or undefined. Words in different scripts are fine (`modi-मोदी`), and so is Latin within a Hindi word.
 */
export function mixedScriptWord(slug: string): string | undefined {
  return slug.split('-').find((word) => {
    const scripts = new Set<string>();
    for (const char of word) {
      const script = scriptOf(char);
      if (script) scripts.add(script);
    }
    return !allowedMix(scripts);
  });
}

/** Why a typed slug cannot be used ('' is fine: it is then made from the title), or undefined. */
export function slugProblem(input: string): string | undefined {
  if (input.trim() === '') return undefined;
  const slug = slugText(typedText(input), 'native');
  if (slug === '') return SLUG_MESSAGES.empty;
  if ([...slug].length > SLUG_MAX) return SLUG_MESSAGES.long;
  if (mixedScriptWord(slug) !== undefined) return SLUG_MESSAGES.mixed;
  return undefined;
}

/** `slug-suffix`, still within SLUG_MAX (the suffix that makes a taken slug unique). */
export const slugWithSuffix = (slug: string, suffix: string): string =>
  `${bounded(slug, SLUG_MAX - [...suffix].length - 1)}-${suffix}`;

/** The path of a slug as a URL carries it: `/%E0%A4%B0…` (prefix e.g. `/epaper`). */
export const slugPath = (slug: string, prefix = ''): string => `${prefix}/${encodeURIComponent(slug)}`;
