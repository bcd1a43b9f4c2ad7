/**
 * Indic and Urdu text in plain ASCII letters, for the sites that want Latin URLs (the site's slug style `latin`).
 * A newsroom romanization, not a scholarly one: no diacritics, long and short vowels alike (आ and अ are both
 * `a`), and Hindi's silent inherent vowels dropped (राजनीति → `rajniti`, not `rajaniti`). Every other character
 * is left as it is. Pure, no dependencies: it runs in the browser and in a Lambda (shared/README.md says why it
 * is written here rather than taken from npm).
 */

/** What a code point of a Brahmic block is, by its offset in the block (the blocks share ISCII's layout). */
type Kind = 'vowel' | 'consonant' | 'dead' | 'sign' | 'tail' | 'virama' | 'nukta' | 'addak' | 'gap' | 'skip';
type Entry = readonly [Kind, string];

const CONSONANTS = 'k kh g gh n ch chh j jh n t th d dh n t th d dh n n p ph b bh m y r r l l l v sh sh s h'.split(' ');
const VOWELS: Record<number, string> = {
  4: 'a',
  5: 'a',
  6: 'a',
  7: 'i',
  8: 'i',
  9: 'u',
  10: 'u',
  11: 'ri',
  12: 'li',
  13: 'e',
  14: 'e',
  15: 'e',
  16: 'ai',
  17: 'o',
  18: 'o',
  19: 'o',
  20: 'au',
  80: 'om',
  96: 'ri',
  97: 'li',
};
/** Vowel signs (matras): the same vowels, written on a consonant. */
const SIGNS: Record<number, string> = {
  62: 'a',
  63: 'i',
  64: 'i',
  65: 'u',
  66: 'u',
  67: 'ri',
  68: 'ri',
  69: 'e',
  70: 'e',
  71: 'e',
  72: 'ai',
  73: 'o',
  74: 'o',
  75: 'o',
  76: 'au',
  98: 'li',
  99: 'li',
};
/** A consonant with a nukta below, by the consonant's offset: क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़ (Bengali য়) and Gurmukhi's ਲ਼ ਸ਼. */
const NUKTA: Record<number, string> = {
  21: 'q',
  22: 'kh',
  23: 'gh',
  28: 'z',
  33: 'r',
  34: 'rh',
  43: 'f',
  47: 'y',
  50: 'l',
  56: 'sh',
};

/** What every block shares: vowels, consonants, signs, virama, nukta, anusvara, visarga, danda and digits. */
function commonEntry(offset: number): Entry | undefined {
  if (offset >= 0x15 && offset <= 0x39) return ['consonant', CONSONANTS[offset - 0x15] ?? ''];
  if (offset >= 0x66 && offset <= 0x6f) return ['gap', String(offset - 0x66)];
  const vowel = VOWELS[offset];
  if (vowel !== undefined) return ['vowel', vowel];
  const sign = SIGNS[offset];
  if (sign !== undefined) return ['sign', sign];
  if (offset === 0x01 || offset === 0x02) return ['tail', 'n'];
  if (offset === 0x03) return ['tail', 'h'];
  if (offset === 0x3c) return ['nukta', ''];
  if (offset === 0x4d) return ['virama', ''];
  if (offset === 0x64 || offset === 0x65) return ['gap', ' '];
  return undefined;
}

interface BrahmicScript {
  base: number;
  /** Whether the inherent vowel falls silent at the end of a word and between some consonants (Hindi: VC_CV). */
  dropsSchwa: boolean;
  /** Where the script parts from the shared layout. */
  own?: Record<number, Entry>;
  /** Consonants said softer between vowels (Tamil: மகன் magan, அரசியல் arasiyal) and after a nasal (இந்தியா india). */
  soft?: { afterVowel: Record<number, string>; afterNasal: Record<number, string> };
}

const NASALS = new Set(['n', 'ng', 'nj', 'm']);

const BRAHMIC: readonly BrahmicScript[] = [
  { base: 0x0900, dropsSchwa: true }, // Devanagari
  {
    base: 0x0980, // Bengali (and Assamese)
    dropsSchwa: true,
    own: {
      2: ['tail', 'ng'],
      47: ['consonant', 'j'],
      78: ['dead', 't'],
      112: ['consonant', 'r'],
      113: ['consonant', 'w'],
    },
  },
  {
    base: 0x0a00, // Gurmukhi
    dropsSchwa: true,
    own: {
      92: ['consonant', 'r'],
      112: ['tail', 'n'],
      113: ['addak', ''],
      114: ['consonant', ''],
      115: ['consonant', ''],
    },
  },
  { base: 0x0a80, dropsSchwa: true }, // Gujarati
  { base: 0x0b00, dropsSchwa: false, own: { 95: ['consonant', 'y'], 113: ['consonant', 'w'] } }, // Odia
  {
    base: 0x0b80, // Tamil
    dropsSchwa: false,
    own: {
      25: ['consonant', 'ng'],
      30: ['consonant', 'nj'],
      36: ['consonant', 'th'],
      41: ['consonant', 'n'],
      49: ['consonant', 'r'],
      52: ['consonant', 'zh'],
    },
    soft: {
      afterVowel: { 21: 'g', 26: 's', 31: 'd', 36: 'd', 42: 'b' },
      afterNasal: { 21: 'g', 31: 'd', 36: 'd', 42: 'b' },
    },
  },
  { base: 0x0c00, dropsSchwa: false }, // Telugu
  { base: 0x0c80, dropsSchwa: false }, // Kannada
  {
    base: 0x0d00, // Malayalam, with its chillu letters (consonants without a vowel)
    dropsSchwa: false,
    own: {
      2: ['tail', 'm'],
      52: ['consonant', 'zh'],
      122: ['dead', 'n'],
      123: ['dead', 'n'],
      124: ['dead', 'r'],
      125: ['dead', 'l'],
      126: ['dead', 'l'],
      127: ['dead', 'k'],
    },
  },
];

/** One written syllable: consonant(s), its vowel (null: the inherent `a`; '': none) and a nasal or visarga. */
interface Syllable {
  /** The consonant's offset in its block (what a nukta changes). */
  at: number;
  c: string;
  v: string | null;
  tail: string;
  /** The consonant follows another one joined by a virama (a conjunct such as त्र). */
  joined: boolean;
}

/** The inherent vowels a Hindi reader does not say: at a word's end, and in V C _ C V (Ohala's rule), right to left. */
function dropSchwas(word: Syllable[]): void {
  for (let i = word.length - 1; i > 0; i--) {
    const s = word[i];
    const prev = word[i - 1];
    if (!s || !prev || s.v !== null || s.c === '' || s.tail !== '' || s.joined) continue;
    const next = word[i + 1];
    if (!next) {
      // भारतीय keeps it: a final य after an i.
      if (!(s.c === 'y' && prev.v === 'i')) s.v = '';
    } else if (prev.v !== '' && next.c !== '' && next.v !== '') {
      s.v = '';
    }
  }
}

const spell = (word: Syllable[]) => word.map((s) => `${s.c}${s.v ?? 'a'}${s.tail}`).join('');

/** Romanizes one run of a Brahmic script's characters. */
function brahmic(script: BrahmicScript, run: string): string {
  let out = '';
  let word: Syllable[] = [];
  let double = false;
  const flush = () => {
    if (script.dropsSchwa) dropSchwas(word);
    out += spell(word);
    word = [];
  };
  for (const char of run) {
    const offset = (char.codePointAt(0) ?? 0) - script.base;
    const [kind, latin] = script.own?.[offset] ?? commonEntry(offset) ?? ['skip', ''];
    const last = word[word.length - 1];
    if (kind === 'consonant' || kind === 'dead') {
      const joined = Boolean(last && last.c !== '' && last.v === '');
      // Bengali য after a virama is the y of ব্যাংক, standing alone the j of যুব.
      let letter = script.base === 0x0980 && offset === 0x2f && joined ? 'y' : latin;
      if (last && script.soft) {
        const soft = joined
          ? NASALS.has(last.c) && script.soft.afterNasal[offset]
          : last.v !== '' && script.soft.afterVowel[offset];
        if (soft) letter = soft;
      }
      const c = double ? `${letter.charAt(0)}${letter}` : letter;
      word.push({ at: offset, c, v: kind === 'dead' ? '' : null, tail: '', joined });
      double = false;
    } else if (kind === 'vowel') {
      word.push({ at: offset, c: '', v: latin, tail: '', joined: false });
    } else if (kind === 'sign') {
      if (last && last.v === null) last.v = latin;
      else word.push({ at: offset, c: '', v: latin, tail: '', joined: false });
    } else if (kind === 'virama') {
      if (last && last.v === null) last.v = '';
    } else if (kind === 'nukta') {
      if (last) last.c = NUKTA[last.at] ?? last.c;
    } else if (kind === 'tail') {
      if (last) last.tail += latin;
    } else if (kind === 'addak') {
      double = true;
    } else if (kind === 'gap') {
      flush();
      out += latin;
    }
  }
  flush();
  return out;
}

/** Urdu letters (Arabic script) that read as one Latin spelling wherever they stand. */
const URDU: Record<string, string> = {
  ب: 'b',
  پ: 'p',
  ت: 't',
  ٹ: 't',
  ث: 's',
  ج: 'j',
  چ: 'ch',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ڈ: 'd',
  ذ: 'z',
  ر: 'r',
  ڑ: 'r',
  ز: 'z',
  ژ: 'zh',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'z',
  ط: 't',
  ظ: 'z',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ک: 'k',
  ك: 'k',
  گ: 'g',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ں: 'n',
  ھ: 'h',
  ة: 'h',
  ے: 'e',
  ۓ: 'e',
  ا: 'a',
  آ: 'a',
  أ: 'a',
  إ: 'i',
  ؤ: 'o',
  ئ: 'i',
  ء: '',
  // Short vowels, where the writer marked them; sukun (no vowel) and the hamza above say nothing.
  '\u064e': 'a',
  '\u0650': 'i',
  '\u064f': 'u',
  '\u064b': 'an',
  '\u064c': 'un',
  '\u064d': 'in',
  '\u0670': 'a',
  '\u0652': '',
  '\u0654': '',
};
const URDU_VOWEL_LETTERS = new Set(['ا', 'آ', 'أ', 'إ', 'و', 'ی', 'ي', 'ى', 'ے', 'ۓ', 'ئ', 'ؤ', 'ع', 'ھ']);
/** A word that starts with these starts with a vowel (و and ی start one as w and y). */
const URDU_VOWEL_START = new Set(['ا', 'آ', 'أ', 'إ', 'ع', 'ئ', 'ؤ']);
const isArabicLetter = (char: string | undefined) => char !== undefined && /[\u0621-\u064a\u0671-\u06d3]/.test(char);
const endsWithVowel = (text: string) => /[aeiou]$/.test(text);

/** Romanizes one Urdu word: its written consonants and long vowels (short vowels are rarely written). */
function urduWord(word: string): string {
  const chars = [...word];
  let out = '';
  chars.forEach((char, i) => {
    const first = out === '';
    const last = !isArabicLetter(chars[i + 1]);
    if (char === 'و') out += first || endsWithVowel(out) ? 'w' : 'o';
    else if (char === 'ی' || char === 'ي' || char === 'ى') out += first || (endsWithVowel(out) && !last) ? 'y' : 'i';
    else if (char === 'ہ' || char === 'ه' || char === 'ۂ') out += last && !first && !endsWithVowel(out) ? 'a' : 'h';
    else if (char === 'ع') out += first ? 'a' : '';
    else if (char === '\u0651') out += out.slice(-1);
    else if (char >= '\u0660' && char <= '\u0669') out += String(char.charCodeAt(0) - 0x660);
    else if (char >= '\u06f0' && char <= '\u06f9') out += String(char.charCodeAt(0) - 0x6f0);
    else out += URDU[char] ?? char;
    // The short a that most words have after their first consonant (کراچی → karachi), unless a vowel is written.
    const next = chars[i + 1];
    if (i === 0 && !URDU_VOWEL_START.has(char) && isArabicLetter(next) && next && !URDU_VOWEL_LETTERS.has(next)) {
      out += 'a';
    }
  });
  return out;
}

const BRAHMIC_RUN = /[\u0900-\u0d7f]+/gu;
const ARABIC_RUN = /[\u0600-\u06ff\u0750-\u077f]+/gu;

/** The text with its Devanagari, Bengali, Gurmukhi, Gujarati, Tamil (and Odia, Telugu, Kannada, Malayalam) and Urdu in ASCII. */
export function transliterate(text: string): string {
  return text
    .normalize('NFC')
    .replace(BRAHMIC_RUN, (run) => {
      // A run may cross blocks (हिंदी বাংলা without a space): each block's letters by its own table.
      let out = '';
      for (const part of run.match(
        /[\u0900-\u097f]+|[\u0980-\u09ff]+|[\u0a00-\u0a7f]+|[\u0a80-\u0aff]+|[\u0b00-\u0b7f]+|[\u0b80-\u0bff]+|[\u0c00-\u0c7f]+|[\u0c80-\u0cff]+|[\u0d00-\u0d7f]+/gu,
      ) ?? []) {
        const base = (part.codePointAt(0) ?? 0) & ~0x7f;
        const script = BRAHMIC.find((s) => s.base === base);
        out += script ? brahmic(script, part) : part;
      }
      return out;
    })
    .replace(ARABIC_RUN, urduWord);
}
