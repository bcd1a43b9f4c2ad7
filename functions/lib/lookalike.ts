/**
 * When two names or slugs are the same one to a reader (CONTRACT.md §5, "Look-alikes"): the key every uniqueness
 * item is written under. NFKC folds compatibility forms (fullwidth `Ｅｄｉｔｏｒ`, a no-break space), the text is
 * cleaned as every field is (shared/clean-text.ts) and compared case-blind with runs of spaces as one, and Unicode's
 * confusable skeleton (UTS #39 §4: NFD, default-ignorable characters dropped, each character replaced by its
 * prototype in confusables.txt, NFD again) makes a Cyrillic `Еditor` and a Latin `Editor` one key.
 *
 * The prototypes are `unhomoglyph`'s (nodeca), which ships confusables.txt as a JSON map; confusables.ts holds them
 * in a compact form read on first use, so a cold start that writes no name pays nothing for them. A key is for
 * comparing only: what is stored and shown is the text as typed.
 */
import { cleanText } from '../../shared/clean-text';
import { CONFUSABLES } from './confusables';
import { decodeConfusables } from './confusables-codec';

let prototypes: Map<string, string> | undefined;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39's skeleton of `text`. */
export function skeleton(text: string): string {
  prototypes ??= decodeConfusables(CONFUSABLES);
  let out = '';
  for (const char of text.normalize('NFD').replace(IGNORABLE, '')) out += prototypes.get(char) ?? char;
  return out.normalize('NFD');
}

/**
 * A capital outside ASCII that passes for an ASCII capital (Cyrillic `М`, Greek `Ε`) as that capital, before case is
 * folded: folded first, `М` would become `м`, which looks like no Latin letter.
 */
function asciiCapitals(text: string): string {
  prototypes ??= decodeConfusables(CONFUSABLES);
  let out = '';
  for (const char of text) {
    const prototype = char > '\u007f' && char !== char.toLowerCase() ? prototypes.get(char) : undefined;
    out += prototype && /^[A-Z]$/.test(prototype) ? prototype : char;
  }
  return out;
}

/** The key of a name or slug: equal for two texts a reader cannot tell apart, whatever their case. */
export const lookalikeKey = (text: string): string =>
  skeleton(asciiCapitals(cleanText(text).normalize('NFKC')).toLowerCase().replace(/\s+/gu, ' ').trim());

/**
 * The diacritics Latin, Greek and Cyrillic letters take (Combining Diacritical Marks and their supplements and
 * extensions). Not \p{M}: an Indic vowel sign or virama is a mark too, and dropping it would make two words one.
 */
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/gu;

/** The look-alike key with accents left out too: `Polítics`, `POLITICS` and `Politics` are one name. */
export const accentBlindKey = (text: string): string =>
  lookalikeKey(cleanText(text).normalize('NFKD').replace(DIACRITICS, ''));
