/**
 * The characters no text field keeps (CONTRACT.md §5, "Invisible characters"). Every string the schemas parse goes
 * through `cleanText` (schemas/z.ts makes `z.string()` do it), so a name, a title or a headline cannot carry an
 * invisible difference or reorder how it is shown:
 * - bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): an RLO turns `gpj.exe` into
 *   what looks like `exe.jpg`, and a stray one reverses the rest of a list row;
 * - zero-width characters (U+200B, U+2060, U+FEFF), and the joiners U+200C and U+200D except where a script needs
 *   them: between two letters or signs of an Indic or Arabic-script word (`क्‍ष`, Urdu's `می‌خواهم`) and, for
 *   U+200D, inside an emoji sequence (👩‍💻);
 * - NUL and every other C0 and C1 control but tab, line feed and carriage return, and DEL;
 * - lone surrogates (half of a character, which no font shows and some storage refuses).
 * Nothing else changes: case, spacing and normalization are the fields' own business.
 */

const BIDI_AND_INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060\uFEFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must be stripped
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Letters and signs of the scripts whose words use the joiners: the Indic scripts, Sinhala and Arabic. */
const JOINING_SCRIPT =
  '[\\p{scx=Deva}\\p{scx=Beng}\\p{scx=Guru}\\p{scx=Gujr}\\p{scx=Orya}\\p{scx=Taml}\\p{scx=Telu}\\p{scx=Knda}' +
  '\\p{scx=Mlym}\\p{scx=Sinh}\\p{scx=Arab}]';
const IN_WORD = `(?<=${JOINING_SCRIPT}[\\u200C\\u200D]*)(?=[\\u200C\\u200D]*${JOINING_SCRIPT})`;
/** A joiner inside an emoji sequence: after a pictograph, a skin tone or VS16, before a pictograph. */
const IN_EMOJI = '(?<=[\\p{Extended_Pictographic}\\p{Emoji_Modifier}\\uFE0F])(?=\\u200D\\p{Extended_Pictographic})';
const STRAY_JOINER = new RegExp(`(?!${IN_WORD})\\u200C|(?!${IN_WORD})(?!${IN_EMOJI})\\u200D`, 'gu');
const JOINERS = /[\u200C\u200D]/;

const NEEDS_CLEANING =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must be stripped
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\uD800-\uDFFF]/;

/** The text without the characters above; the same string when it has none (the usual case, one test). */
export function cleanText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  let out = text.replace(LONE_SURROGATES, '').replace(BIDI_AND_INVISIBLE, '').replace(CONTROLS, '');
  if (JOINERS.test(out)) out = out.replace(STRAY_JOINER, '');
  return out;
}
