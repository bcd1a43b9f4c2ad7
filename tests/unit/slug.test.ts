/** Slugs in every script: shared/slug.ts and shared/transliterate.ts. */
import { describe, expect, it } from 'vitest';
import { slugField } from '../../shared/schemas/slug-field';
import * as z from '../../shared/schemas/z';
import {
  normalizeSlug,
  SLUG_MAX,
  SLUG_MESSAGES,
  slugify,
  slugPath,
  slugProblem,
  slugWithSuffix,
} from '../../shared/slug';
import { transliterate } from '../../shared/transliterate';

const points = (text: string) => [...text].length;

describe('slugify keeps the title’s script', () => {
  it('folds Latin accents and letters to ASCII, as before', () => {
    expect(slugify('Élection: the results are in')).toBe('election-the-results-are-in');
    expect(slugify('Straße & Café — Ærø, Łódź')).toBe('strasse-cafe-aero-lodz');
    expect(slugify('İstanbul’da Seçim')).toBe('istanbulda-secim');
    expect(slugify('  --Hello,   World!--  ')).toBe('hello-world');
  });

  it('keeps Devanagari letters with their matras, virama and nukta, in NFC', () => {
    expect(slugify('राजनीति में नया मोड़')).toBe('राजनीति-में-नया-मोड़');
    expect(slugify('प्रधानमंत्री का भाषण')).toBe('प्रधानमंत्री-का-भाषण');
    // The same title typed decomposed (ड + ़) gives the same slug: stored slugs are NFC.
    expect(slugify('मोड\u093c')).toBe(slugify('मोड़'));
    expect(slugify('राजनीति').normalize('NFC')).toBe(slugify('राजनीति'));
    // The danda is punctuation: a word ends there.
    expect(slugify('चुनाव खत्म। नतीजे कल')).toBe('चुनाव-खत्म-नतीजे-कल');
    expect(slugify('रेलवे बजट २०२४')).toBe('रेलवे-बजट-२०२४');
  });

  it('keeps Bengali, Tamil, Gurmukhi, Gujarati and Urdu as written', () => {
    expect(slugify('রাজনীতিতে নতুন মোড়')).toBe('রাজনীতিতে-নতুন-মোড়');
    expect(slugify('தமிழ்நாடு அரசியல்')).toBe('தமிழ்நாடு-அரசியல்');
    expect(slugify('ਪੰਜਾਬ ਦੀ ਰਾਜਨੀਤੀ')).toBe('ਪੰਜਾਬ-ਦੀ-ਰਾਜਨੀਤੀ');
    expect(slugify('ગુજરાત સમાચાર')).toBe('ગુજરાત-સમાચાર');
    expect(slugify('پاکستان کی سیاست، آج')).toBe('پاکستان-کی-سیاست-آج');
    expect(slugify('Новости дня')).toBe('новости-дня');
  });

  it('joins scripts in one title, and keeps their words apart', () => {
    expect(slugify('Delhi के नए CM: AAP’s win')).toBe('delhi-के-नए-cm-aaps-win');
    expect(slugify('IPL 2026 ਫਾਈਨਲ')).toBe('ipl-2026-ਫਾਈਨਲ');
  });

  it('drops emoji, punctuation, joiners and variation selectors', () => {
    expect(slugify('Hello 👋🏽 World ❤️!')).toBe('hello-world');
    expect(slugify('1️⃣ first 🇮🇳 India')).toBe('1-first-india');
    expect(slugify('क्\u200dष और क्\u200cष')).toBe('क्ष-और-क्ष');
    expect(slugify('"quotes" (brackets) [and] {more}…?')).toBe('quotes-brackets-and-more');
    expect(slugify('🎉🎉🎉')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('never starts a word with a lone vowel sign', () => {
    expect(slugify('\u093f\u093e test')).toBe('test');
    expect(slugify('a - \u0947x')).toBe('a-x');
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
  it('spells Devanagari as newsrooms do, without silent vowels', () => {
    expect(slugify('राजनीति में नया मोड़', 'latin')).toBe('rajniti-men-naya-mor');
    expect(transliterate('प्रधानमंत्री मोदी')).toBe('pradhanmantri modi');
    expect(transliterate('भारतीय सेना')).toBe('bhartiya sena');
    expect(transliterate('दिल्ली सरकार')).toBe('dilli sarkar');
    expect(transliterate('समझना सड़क कमला मित्र')).toBe('samajhna sarak kamla mitra');
    expect(transliterate('क़ानून और ज़मीन')).toBe('qanun aur zamin');
    expect(transliterate('रेलवे २०२४')).toBe('relve 2024');
  });

  it('spells Bengali', () => {
    expect(slugify('রাজনীতিতে নতুন মোড়', 'latin')).toBe('rajnitite-natun-mor');
    expect(transliterate('বাংলাদেশ')).toBe('bangladesh');
    expect(transliterate('কলকাতা')).toBe('kalkata');
  });

  it('spells Gurmukhi, with tippi and addak', () => {
    expect(slugify('ਪੰਜਾਬ ਦੀ ਰਾਜਨੀਤੀ', 'latin')).toBe('panjab-di-rajniti');
    expect(transliterate('ਪੱਕਾ')).toBe('pakka');
    expect(transliterate('ਖ਼ਬਰਾਂ')).toBe('khabran');
  });

  it('spells Gujarati', () => {
    expect(slugify('ગુજરાત સમાચાર', 'latin')).toBe('gujrat-samachar');
    expect(transliterate('અમદાવાદ')).toBe('amdavad');
  });

  it('spells Tamil, keeping its vowels and softening between them', () => {
    expect(slugify('தமிழ்நாடு அரசியல்', 'latin')).toBe('thamizhnadu-arasiyal');
    expect(transliterate('சென்னை')).toBe('chennai');
    expect(transliterate('இந்தியா')).toBe('indiya');
  });

  it('spells Urdu', () => {
    expect(slugify('پاکستان کی سیاست', 'latin')).toBe('pakstan-ki-siast');
    expect(transliterate('کراچی')).toBe('karachi');
    expect(transliterate('لاہور')).toBe('lahor');
    expect(transliterate('خبریں')).toBe('khabrin');
    expect(transliterate('وزیر اعظم')).toBe('wazir azm');
    expect(transliterate('زمانہ ۲۰۲۴')).toBe('zamana 2024');
  });

  it('leaves Latin and other scripts as they are', () => {
    expect(slugify('Delhi के नए CM', 'latin')).toBe('delhi-ke-nae-cm');
    expect(slugify('Élection', 'latin')).toBe('election');
    expect(slugify('Новости', 'latin')).toBe('новости');
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
