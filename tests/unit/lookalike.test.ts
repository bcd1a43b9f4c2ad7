/**
 * The text every field keeps (shared/clean-text.ts), the key uniqueness compares (functions/lib/lookalike.ts) and
 * the slugs refused for mixing look-alike scripts (shared/slug.ts): CONTRACT.md §5.
 */
import upstream from 'unhomoglyph/data.json';
import { describe, expect, it } from 'vitest';
import { CONFUSABLES } from '../../functions/lib/confusables';
import { decodeConfusables, encodeConfusables } from '../../functions/lib/confusables-codec';
import { lookalikeKey, skeleton } from '../../functions/lib/lookalike';
import { cleanText } from '../../shared/clean-text';
import { roleCreateSchema } from '../../shared/schemas/role';
import { mixedScriptWord, normalizeSlug, SLUG_MESSAGES, slugProblem } from '../../shared/slug';

describe('cleanText', () => {
  it.each([
    ['a right-to-left override', 'gpj\u202E.exe', 'gpj.exe'],
    [
      'every bidi control',
      '\u202Aa\u202Bb\u202Cc\u202Dd\u2066e\u2067f\u2068g\u2069h\u200Ei\u200Fj\u061Ck',
      'abcdefghijk',
    ],
    ['zero-width characters', 'a\u200Bb\u2060c\uFEFFd', 'abcd'],
    ['NUL and other controls, DEL and C1', 'a\u0000b\u0007c\u001Bd\u007Fe\u0085f', 'abcdef'],
    ['lone surrogates, either half', 'a\uD800b\uDC00c', 'abc'],
    ['a joiner between Latin letters', 'Ad\u200Dmin\u200Cistrator', 'Administrator'],
  ])('drops %s', (_what, text, clean) => {
    expect(cleanText(text)).toBe(clean);
  });

  it.each([
    ['tab, line feed and carriage return', 'a\tb\nc\r\nd'],
    ['a ZWJ half-form in Hindi', 'क्\u200Dष'],
    ['a ZWNJ in Hindi', 'क्\u200Cष'],
    ['a ZWNJ in Urdu', 'می\u200Cخواهم'],
    ['a ZWJ emoji sequence', '👩\u200D💻'],
    ['a whole surrogate pair', 'ok 😀'],
  ])('keeps %s', (_what, text) => {
    expect(cleanText(text)).toBe(text);
  });

  it('runs in every string the schemas parse, and a name of nothing but invisibles is missing', () => {
    const parsed = roleCreateSchema.safeParse({ name: 'Desk\u202E \u200BEditor', description: 'd' });
    expect(parsed.success && parsed.data.name).toBe('Desk Editor');
    expect(roleCreateSchema.safeParse({ name: '\u202E\u200B', description: 'd' }).success).toBe(false);
  });
});

describe('lookalikeKey', () => {
  it.each([
    ['a Cyrillic letter', 'Еditor'],
    ['a zero-width space', 'Edi\u200Btor'],
    ['fullwidth letters', 'Ｅｄｉｔｏｒ'],
    ['a no-break space', 'Desk\u00A0Editor'],
    ['a trailing RLO', 'Editor\u202E'],
    ['another case', 'EDITOR'],
    ['a Cyrillic capital in another case', 'ЕDITOR'],
  ])('is one key for a name that differs by %s', (_what, text) => {
    const plain = text.includes('Desk') ? 'Desk Editor' : 'Editor';
    expect(lookalikeKey(text)).toBe(lookalikeKey(plain));
  });

  it('folds case before the skeleton, and a Cyrillic capital like a Latin one', () => {
    expect(lookalikeKey('MUMBAI')).toBe(lookalikeKey('mumbai'));
    expect(lookalikeKey('Мumbai')).toBe(lookalikeKey('Mumbai'));
    expect(lookalikeKey('Іndia')).toBe(lookalikeKey('India'));
  });

  it('tells different names apart, and keeps Hindi words apart', () => {
    expect(lookalikeKey('Editor')).not.toBe(lookalikeKey('Editors'));
    expect(lookalikeKey('राजनीति')).not.toBe(lookalikeKey('खेल'));
  });

  it('reads the confusables of the unhomoglyph package, every entry, from the stored table', () => {
    expect(CONFUSABLES).toBe(encodeConfusables(upstream));
    expect(Object.fromEntries(decodeConfusables(CONFUSABLES))).toEqual(upstream);
  });

  it('is UTS #39’s skeleton at heart: m and rn, 0 and O', () => {
    expect(skeleton('m')).toBe(skeleton('rn'));
    expect(skeleton('0')).toBe(skeleton('O'));
  });
});

describe('slugs mixing scripts', () => {
  it.each(['pаypal', 'αpple-news', 'gооgle'])('refuses %s (a word with Cyrillic or Greek look-alikes)', (typed) => {
    expect(slugProblem(typed)).toBe(SLUG_MESSAGES.mixed);
  });

  it.each(['राजनीति-में-नया-मोड़', 'modi-मोदी', 'москва-moscow', 'ipl2024', 'tokyo-東京'])('takes %s', (typed) => {
    expect(slugProblem(typed)).toBeUndefined();
    expect(mixedScriptWord(normalizeSlug(typed))).toBeUndefined();
  });
});
