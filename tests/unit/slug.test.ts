/** Slugs in every script: shared/slug.ts and shared/transliterate.ts. */
import { describe, expect, it } from 'vitest';
import { slugField } from '../../shared/schemas/slug-field';
import * as z from '../../shared/schemas/z';
import {
  normalizeSlug,
  SLUG_MAX,
  SLUG_MESSAGES,
  type SlugStyle,
  slugify,
  slugPath,
  slugProblem,
  slugWithSuffix,
} from '../../shared/slug';
import { transliterate } from '../../shared/transliterate';

const points = (text: string) => [...text].length;

/** Each title's slug in `style`; a failure names the title. */
function expectSlugs(cases: [title: string, slug: string][], style?: SlugStyle) {
  for (const [title, slug] of cases) expect(slugify(title, style), title).toBe(slug);
}

/** Each text as the latin style spells it; a failure names the text. */
function expectSpellings(cases: [text: string, latin: string][]) {
  for (const [text, latin] of cases) expect(transliterate(text), text).toBe(latin);
}

describe('slugify keeps the title’s script', () => {
  it('folds Latin accents and letters to ASCII, as before', () => {
    expectSlugs([
      ['Élection: the results are in', 'election-the-results-are-in'],
      ['Straße & Café — Ærø, Łódź', 'strasse-cafe-aero-lodz'],
      ['İstanbul’da Seçim', 'istanbulda-secim'],
      ['  --Hello,   World!--  ', 'hello-world'],
    ]);
  });

  it('keeps Devanagari letters with their matras, virama and nukta, in NFC', () => {
    expectSlugs([
      ['राजनीति में नया मोड़', 'राजनीति-में-नया-मोड़'],
      ['प्रधानमंत्री का भाषण', 'प्रधानमंत्री-का-भाषण'],
    ]);
    // The same title typed decomposed (ड + ़) gives the same slug: stored slugs are NFC.
    expect(slugify('मोड\u093c')).toBe(slugify('मोड़'));
    expect(slugify('राजनीति').normalize('NFC')).toBe(slugify('राजनीति'));
    // The danda is punctuation: a word ends there.
    expectSlugs([
      ['चुनाव खत्म। नतीजे कल', 'चुनाव-खत्म-नतीजे-कल'],
      ['रेलवे बजट २०२४', 'रेलवे-बजट-२०२४'],
    ]);
  });

  it('keeps Bengali, Tamil, Gurmukhi, Gujarati and Urdu as written', () => {
    expectSlugs([
      ['রাজনীতিতে নতুন মোড়', 'রাজনীতিতে-নতুন-মোড়'],
      ['தமிழ்நாடு அரசியல்', 'தமிழ்நாடு-அரசியல்'],
      ['ਪੰਜਾਬ ਦੀ ਰਾਜਨੀਤੀ', 'ਪੰਜਾਬ-ਦੀ-ਰਾਜਨੀਤੀ'],
      ['ગુજરાત સમાચાર', 'ગુજરાત-સમાચાર'],
      ['پاکستان کی سیاست، آج', 'پاکستان-کی-سیاست-آج'],
      ['Новости дня', 'новости-дня'],
    ]);
  });

  it('joins scripts in one title, and keeps their words apart', () => {
    expectSlugs([
      ['Delhi के नए CM: AAP’s win', 'delhi-के-नए-cm-aaps-win'],
      ['IPL 2026 ਫਾਈਨਲ', 'ipl-2026-ਫਾਈਨਲ'],
    ]);
  });

  it('drops emoji, punctuation, joiners and variation selectors', () => {
    expectSlugs([
      ['Hello 👋🏽 World ❤️!', 'hello-world'],
      ['1️⃣ first 🇮🇳 India', '1-first-india'],
      ['क्\u200dष और क्\u200cष', 'क्ष-और-क्ष'],
      ['"quotes" (brackets) [and] {more}…?', 'quotes-brackets-and-more'],
      ['🎉🎉🎉', ''],
      ['', ''],
    ]);
  });

  it('never starts a word with a lone vowel sign', () => {
    expectSlugs([
      ['\u093f\u093e test', 'test'],
      ['a - \u0947x', 'a-x'],
    ]);
  });

  it('stays within SLUG_MAX code points: at the last whole word, else at a letter’s edge', () => {
    const long = slugify('राजनीति '.repeat(30));
    expect(points(long)).toBeLessThanOrEqual(SLUG_MAX);
    expect(long.endsWith('राजनीति')).toBe(true);
    const oneWord = slugify('क्षि'.repeat(40));
    expect(points(oneWord)).toBe(SLUG_MAX);
    expect(oneWord.endsWith('ि')).toBe(true);
    expect(points(slugify('x'.repeat(200)))).toBe(SLUG_MAX);
    expect(slugify('a'.repeat(79))).toHaveLength(79);
  });
});

describe('the latin slug style', () => {
  /** A script as the latin style spells it: a headline's slug, then words as newsrooms write them. */
  type Spelling = { spells: string; headline: [title: string, slug: string]; words: [text: string, latin: string][] };

  const SCRIPTS: Spelling[] = [
    {
      spells: 'Devanagari as newsrooms do, without silent vowels',
      headline: ['राजनीति में नया मोड़', 'rajniti-men-naya-mor'],
      words: [
        ['प्रधानमंत्री मोदी', 'pradhanmantri modi'],
        ['भारतीय सेना', 'bhartiya sena'],
        ['दिल्ली सरकार', 'dilli sarkar'],
        ['समझना सड़क कमला मित्र', 'samajhna sarak kamla mitra'],
        ['क़ानून और ज़मीन', 'qanun aur zamin'],
        ['रेलवे २०२४', 'relve 2024'],
      ],
    },
    {
      spells: 'Bengali',
      headline: ['রাজনীতিতে নতুন মোড়', 'rajnitite-natun-mor'],
      words: [
        ['বাংলাদেশ', 'bangladesh'],
        ['কলকাতা', 'kalkata'],
      ],
    },
    {
      spells: 'Gurmukhi, with tippi and addak',
      headline: ['ਪੰਜਾਬ ਦੀ ਰਾਜਨੀਤੀ', 'panjab-di-rajniti'],
      words: [
        ['ਪੱਕਾ', 'pakka'],
        ['ਖ਼ਬਰਾਂ', 'khabran'],
      ],
    },
    { spells: 'Gujarati', headline: ['ગુજરાત સમાચાર', 'gujrat-samachar'], words: [['અમદાવાદ', 'amdavad']] },
    {
      spells: 'Tamil, keeping its vowels and softening between them',
      headline: ['தமிழ்நாடு அரசியல்', 'thamizhnadu-arasiyal'],
      words: [
        ['சென்னை', 'chennai'],
        ['இந்தியா', 'indiya'],
      ],
    },
    {
      spells: 'Urdu',
      headline: ['پاکستان کی سیاست', 'pakstan-ki-siast'],
      words: [
        ['کراچی', 'karachi'],
        ['لاہور', 'lahor'],
        ['خبریں', 'khabrin'],
        ['وزیر اعظم', 'wazir azm'],
        ['زمانہ ۲۰۲۴', 'zamana 2024'],
      ],
    },
  ];

  it.each(SCRIPTS)('spells $spells', ({ headline, words }) => {
    expectSlugs([headline], 'latin');
    expectSpellings(words);
  });

  it('leaves Latin and other scripts as they are', () => {
    expectSlugs(
      [
        ['Delhi के नए CM', 'delhi-ke-nae-cm'],
        ['Élection', 'election'],
        ['Новости', 'новости'],
      ],
      'latin',
    );
  });
});

describe('typed slugs', () => {
  it('are normalized by the same rules, in the script typed, a pasted encoded one decoded', () => {
    expect(normalizeSlug(' World News! ')).toBe('world-news');
    expect(normalizeSlug('राजनीति में')).toBe('राजनीति-में');
    expect(normalizeSlug(encodeURIComponent('राजनीति-में'))).toBe('राजनीति-में');
    expect(normalizeSlug('100%-sure')).toBe('100-sure');
  });

  it('say what is wrong with one that cannot be used', () => {
    expect(slugProblem('')).toBeUndefined();
    expect(slugProblem('राजनीति')).toBeUndefined();
    expect(slugProblem('!!! 🎉')).toBe(SLUG_MESSAGES.empty);
    expect(slugProblem('a'.repeat(SLUG_MAX + 1))).toBe(SLUG_MESSAGES.long);
    expect(z.safeParse(slugField, '🎉').error?.issues[0]?.message).toBe(SLUG_MESSAGES.empty);
    expect(z.safeParse(slugField, 'My Story').success).toBe(true);
    expect(z.safeParse(slugField, undefined).success).toBe(true);
  });

  it('are percent-encoded in a URL, and a suffix keeps them within the bound', () => {
    expect(slugPath('राजनीति')).toBe('/%E0%A4%B0%E0%A4%BE%E0%A4%9C%E0%A4%A8%E0%A5%80%E0%A4%A4%E0%A4%BF');
    expect(decodeURIComponent(slugPath('राजनीति-में', '/epaper'))).toBe('/epaper/राजनीति-में');
    expect(slugPath('plain-ascii')).toBe('/plain-ascii');
    const suffixed = slugWithSuffix(slugify('राजनीति '.repeat(30)), 'abc123');
    expect(points(suffixed)).toBeLessThanOrEqual(SLUG_MAX);
    expect(suffixed.endsWith('-abc123')).toBe(true);
  });
});
