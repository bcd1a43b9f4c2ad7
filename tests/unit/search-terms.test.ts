/** The title index's words and terms (functions/search/terms.ts) and the size of the writes they cause. */
import { describe, expect, it } from 'vitest';
import { searchable } from '../../functions/lib/text';
import { termCounterKey } from '../../functions/search/keys';
import {
  indexedPrefix,
  indexTerms,
  longCredits,
  longPrefixes,
  longWordKeys,
  searchWords,
  titleMatches,
  wordsOf,
} from '../../functions/search/terms';
import { indexUnits, searchIndexWrites } from '../../functions/search/writes';
import {
  SEARCH_LONG_PREFIX_MAX,
  SEARCH_PREFIX_MAX,
  SEARCH_V1_MAX_LONG_COUNTERS,
  SEARCH_V1_MAX_TERMS,
} from '../../shared/constants';
import { HEADLINE_SCRIPTS, headline, PROBE_ENGLISH, PROBE_HINDI, typedPrefixes } from '../fixtures/headlines';

const entry = (title: string, tab = 'Draft') => ({
  id: '01J0000000000000000000000A',
  createdAt: '2026-01-01T00:00:00.000Z',
  tab,
  title,
  fields: { title },
});

describe('words of a title', () => {
  it('folds case and accents in Latin text and drops punctuation and emoji', () => {
    expect(wordsOf('Café DÉJÀ-vu: Señor’s “NAÏVE” plan 🚀!')).toEqual([
      'cafe',
      'deja',
      'vu',
      'senor’s',
      'naive',
      'plan',
    ]);
  });

  it('keeps Devanagari words whole, with their vowel signs, viramas and nuktas', () => {
    expect(wordsOf('प्रधानमंत्री ने कहा: भारत आगे बढ़ेगा।')).toEqual(['प्रधानमंत्री', 'ने', 'कहा', 'भारत', 'आगे', 'बढ़ेगा']);
  });

  it('splits mixed scripts, numbers and hyphenated words where their writers do', () => {
    expect(wordsOf('भारत-India COVID-19 टीका 5G')).toEqual(['भारत', 'india', 'covid', '19', 'टीका', '5g']);
    expect(wordsOf('বাংলাদেশের নির্বাচন · தமிழ்நாடு அரசு · پاکستان کی حکومت')).toEqual([
      'বাংলাদেশের',
      'নির্বাচন',
      'தமிழ்நாடு',
      'அரசு',
      'پاکستان',
      'کی',
      'حکومت',
    ]);
  });

  it('leaves out single characters and repeats', () => {
    expect(wordsOf('A b cc cc I x')).toEqual(['cc']);
  });
});

describe('the terms a title is indexed under', () => {
  it('are each word up to the prefix length and its shorter edge prefixes, without Latin stop-words', () => {
    expect(indexTerms('The state of the union').sort()).toEqual(
      ['st', 'sta', 'stat', 'state', 'un', 'uni', 'unio', 'union'].sort(),
    );
    expect(indexTerms('Parliament')).toEqual(['parlia', 'pa', 'par', 'parl', 'parli']);
  });

  it('index Devanagari prefixes by code point, so a typed prefix finds the word', () => {
    const terms = indexTerms('प्रधानमंत्री');
    expect(terms[0]).toBe(indexedPrefix('प्रधानमंत्री'));
    for (const typed of ['प्', 'प्र', 'प्रध', 'प्रधा', 'प्रधान']) expect(terms).toContain(typed);
  });

  it('version 1 stopped at SEARCH_V1_MAX_TERMS for the longest title, keeping every word findable by its key first', () => {
    const words = Array.from(
      { length: 60 },
      (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}long`,
    );
    const terms = indexTerms(words.join(' ').slice(0, 300), 1);
    expect(terms.length).toBe(SEARCH_V1_MAX_TERMS);
    expect(terms.slice(0, 10)).toEqual(words.slice(0, 10).map(indexedPrefix));
  });

  it("hold every prefix of every word of a long headline, the later words' short ones included", () => {
    expect(Array.from(PROBE_ENGLISH).length).toBe(150);
    for (const typed of ['parl', 'parli', 'pass', 'sweep', 'mara', 'parlia', 'passes', 'wa', 'waive', 'frid']) {
      expect(indexTerms(PROBE_ENGLISH)).toContain(typed);
    }
    // What version 1 lost (the probe's misses) and kept.
    expect(['parl', 'parli', 'pass', 'sweep', 'mara'].filter((t) => indexTerms(PROBE_ENGLISH, 1).includes(t))).toEqual(
      [],
    );
    expect(indexTerms(PROBE_ENGLISH, 1)).toContain('parlia');
    expect(Array.from(PROBE_HINDI).length).toBe(150);
    expect(indexTerms(PROBE_HINDI)).toContain('विधान');
    expect(indexTerms(PROBE_HINDI, 1)).not.toContain('विधान');
  });

  it.each(HEADLINE_SCRIPTS)('index every typed prefix of every word of 200-character %s headlines', (script) => {
    for (let seed = 0; seed < 20; seed++) {
      const title = headline(script, seed, 200);
      expect(Array.from(title).length).toBeGreaterThanOrEqual(188);
      const terms = new Set(indexTerms(title));
      // English stop-words are not indexed (they find nothing alone), every other word is.
      for (const word of wordsOf(title).filter((w) => indexTerms(w).length > 0)) {
        for (const typed of typedPrefixes(word)) {
          const key = indexedPrefix(typed);
          expect(terms.has(key), `${script} ${seed}: ${typed} of ${word}`).toBe(true);
          expect(titleMatches(searchable(title), [typed])).toBe(true);
        }
      }
    }
  });
});

describe('what a search asks for', () => {
  it('drops stop-words unless typed last, where they start a longer word', () => {
    expect(searchWords('the Hindu of')).toEqual(['hindu', 'of']);
    expect(searchWords('state of the')).toEqual(['state', 'the']);
    expect(searchWords('🚀 !')).toEqual([]);
  });

  it('matches titles holding a word starting with every searched word', () => {
    expect(titleMatches('monsoon session of parliament', ['parl', 'mons'])).toBe(true);
    expect(titleMatches('monsoon session of parliament', ['parl', 'winter'])).toBe(false);
    expect(titleMatches('a theatre review', ['the'])).toBe(true);
    expect(titleMatches('the review', ['the'])).toBe(false);
    expect(titleMatches('प्रधानमंत्री ने कहा', ['प्रधानमं'])).toBe(true);
  });

  it('reads words longer than the indexed prefixes under their prefix', () => {
    expect(indexedPrefix('international')).toBe('internationa'.slice(0, SEARCH_PREFIX_MAX));
  });
});

describe('the index writes of one save', () => {
  const longest = (seed: string) =>
    Array.from(
      { length: 50 },
      (_, i) => `${seed}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}word`,
    )
      .join(' ')
      .slice(0, 300);

  it('create: a posting and a counter per term, a posting per long word and a counter per longer prefix, in the order a write in steps follows', () => {
    const title = longest('p');
    const writes = searchIndexWrites('CMS', undefined, entry(title));
    const terms = indexTerms(title).length;
    expect(writes.length).toBe(2 * terms + longWordKeys(title).length + longPrefixes(title).length);
    expect(indexUnits('CMS', entry(title)).length).toBe(writes.length);
    expect(longCredits(title).counted.size + longCredits(title).uncounted.size).toBe(0);
  });

  it('version 1 kept at most SEARCH_V1_MAX_TERMS terms and SEARCH_V1_MAX_LONG_COUNTERS long counters', () => {
    const title = longest('p');
    expect(indexUnits('CMS', entry(title), 1).length).toBe(2 * SEARCH_V1_MAX_TERMS + SEARCH_V1_MAX_LONG_COUNTERS);
  });

  it('counts a title once under every longer prefix of its long words, whatever words share a start', () => {
    const title = 'Councillors of the council';
    expect(longWordKeys(title)).toEqual(['councillors', 'council']);
    expect(longPrefixes(title).sort()).toEqual(['council', 'councill', 'councillo', 'councillor', 'councillors']);
    const writes = searchIndexWrites('CMS', undefined, entry(title));
    // "council" starts both words, and the title counts once on its counter.
    const shared = writes.find((w) => w.Update?.Key?.pk === termCounterKey('CMS', 'council').pk);
    expect(Object.values(shared?.Update?.ExpressionAttributeNames ?? {}).sort()).toEqual(['ALL', 'Draft']);
    expect(Object.values(shared?.Update?.ExpressionAttributeValues ?? {})).toEqual([1, 1]);
    // One key-only posting per long word under the start, the word first in its sort key, in the tab through gsi2.
    const long = writes.filter((w) => String(w.Put?.Item?.pk).endsWith('#LONG')).map((w) => w.Put?.Item);
    expect(long.map((item) => String(item?.sk).split(' ')[0]).sort()).toEqual(['council', 'councillors']);
    expect(long[0]).toEqual({
      pk: 'SRCH#CMS#counci#LONG',
      sk: `councillors ${entry(title).createdAt}#${entry(title).id}`,
      gsi2pk: 'SRCH#CMS#Draft#counci#LONG',
      gsi2sk: `councillors ${entry(title).createdAt}#${entry(title).id}`,
    });
  });

  it('cut long words at SEARCH_LONG_PREFIX_MAX code points, Devanagari included', () => {
    const word = 'अन्तर्राष्ट्रीयकरणविरोधीआन्दोलनकारियों';
    const [key] = longWordKeys(`${word} ने कहा`);
    expect(Array.from(key ?? '').length).toBe(SEARCH_LONG_PREFIX_MAX);
    expect(word.startsWith(key ?? '?')).toBe(true);
    expect(longPrefixes(word)).toHaveLength(SEARCH_LONG_PREFIX_MAX - SEARCH_PREFIX_MAX);
    expect(longPrefixes(word, 2)).toEqual([]);
  });

  it('version 2: the long credits sum to exactly one title for every prefix its words start with, and zero otherwise', () => {
    // Random words over a small alphabet share long prefixes often: the hard case for the credits.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const word = () => `banana${Array.from({ length: 1 + (next() % 6) }, () => 'abn'[next() % 3]).join('')}`;
    for (let round = 0; round < 300; round++) {
      const words = Array.from({ length: 1 + (next() % 6) }, word);
      const credits = longCredits(words.join(' '), 2).counted.get('banana') ?? new Map<string, number>();
      const prefixes = new Set(words.flatMap((w) => Array.from({ length: w.length - 6 }, (_, i) => w.slice(0, 7 + i))));
      const probes = new Set([...prefixes, 'bananaa', 'bananab', 'banananb', 'bananaaa', 'bananabab']);
      for (const probe of probes) {
        const sum = [...credits].filter(([key]) => key.startsWith(probe)).reduce((n, [, c]) => n + c, 0);
        expect(sum, `${words.join(' ')} / ${probe}`).toBe(words.some((w) => w.startsWith(probe)) ? 1 : 0);
      }
    }
  });

  it('version 1 left the starts that did not fit uncounted, marked on their term counter; version 2 counts them all', () => {
    const title =
      'Parliamentary committee recommends comprehensive restructuring of national electricity distribution companies';
    const { counted, uncounted } = longCredits(title, 1);
    expect(counted.size).toBe(SEARCH_V1_MAX_LONG_COUNTERS);
    expect([...uncounted]).toEqual(['compan']);
    const marker = indexUnits('CMS', entry(title), 1).find(
      (u) => 'counter' in u && u.counter.key.pk === 'COUNT#SRCH#CMS#compan',
    );
    expect(marker && 'counter' in marker && Object.keys(marker.counter.deltas)).toContain('UNCOUNTED|Draft');
    expect(longCredits(title, 2).uncounted.size).toBe(0);
    expect(longCredits(title, 2).counted.size).toBe(9);
  });

  it('a save with the same title and status only refreshes the postings; a status move also moves the counters', () => {
    const title = 'Monsoon session of Parliament';
    const n = indexTerms(title).length;
    expect(searchIndexWrites('CMS', entry(title), entry(title)).length).toBe(n);
    // The long postings (no row fields) are put again only when the tab moves, with the longer prefixes' counters.
    expect(searchIndexWrites('CMS', entry(title), entry(title, 'Published')).length).toBe(
      2 * n + longWordKeys(title).length + longPrefixes(title).length,
    );
  });

  it('a retitle removes the terms the title left and counts the new ones', () => {
    const writes = searchIndexWrites('CMS', entry('Monsoon session'), entry('Monsoon budget'));
    const deletes = writes.filter((w) => 'Delete' in w).length;
    // "session" is a long word: its posting under "sessio" goes too.
    expect(deletes).toBe(indexTerms('session').length + 1);
  });
});
