/**
 * The bench's fake articles (infra/bench/list.ts), as createArticle/updateArticle store them: a row and a content
 * item each, dated relative to now. One seeded generator makes them all, so every run gets the same articles as
 * long as they are made in the same order (the paragraphs, categories and authors below first, then article 0, 1…).
 */
import { ulid } from 'ulid';
import type { ArticleContent, ArticleRecord } from '../../functions/article/model';
import { searchable } from '../../functions/lib/text';
import { type ArticleStatus, type ArticleType, SEARCH_INDEX_VERSION } from '../../shared/constants';
import { slugify } from '../../shared/schemas/category';

const CATEGORIES = 30;
const AUTHORS = 50;
/** The word one title in a hundred carries, for the search the bench times. */
export const SEARCH_WORD = 'zeppelin';
/** The word one title in a thousand carries. */
export const RARE_WORD = 'quasar';
/**
 * One title in fifty ends with three long words of their own, all under this one start (2,000 titles and 6,000
 * distinct words at 100,000 articles): a start crowded with distinct long words.
 */
export const CROWDED_START = 'zygomx';
/** The crowded long words of title `i`: its number in letters, then a, b or c. */
export const crowdedWords = (i: number) => {
  let name = '';
  for (let n = i; n > 0 || name === ''; n = Math.floor(n / 26)) name += String.fromCharCode(97 + (n % 26));
  return ['a', 'b', 'c'].map((k) => `${CROWDED_START}${name}${k}ite`);
};
/** One title in twenty is in Hindi; a fifth of those name the council (परिषद). */
export const HINDI_WORD = 'परिषद';

const DAY = 86_400_000;
/** The moment the data is relative to. */
export const NOW = Date.now();

/** mulberry32: the same articles on every run (their dates relative to now). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20_240_601);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
function weighted<T>(table: readonly (readonly [T, number])[]): T {
  let r = random() * table.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of table) {
    r -= w;
    if (r < 0) return value;
  }
  return (table[table.length - 1] as readonly [T, number])[0];
}

const STATUS_MIX: [ArticleStatus, number][] = [
  ['Published', 70],
  ['Draft', 15],
  ['Need Review', 5],
  ['Approved', 5],
  ['Scheduled', 3],
  ['Pending', 0.7],
  ['Rejected', 0.7],
  ['Retract', 0.6],
];
const TYPE_MIX: [ArticleType, number][] = [
  ['Article', 50],
  ['Blog', 20],
  ['Video', 15],
  ['Gallery', 10],
  ['Page', 5],
];

const WORDS =
  'the city council budget election market river school health report minister festival storm harbour museum railway energy prices housing police court football season coach students farmers weather climate water airport bridge hospital library theatre tourism summer winter village mayor region industry workers union strike talks deal record growth inflation bank exports science research space satellite ocean forest wildlife park road traffic safety digital startup software data privacy court ruling appeal historic heritage music concert film award artist gallery community volunteers charity children families elders streets night market café'.split(
    ' ',
  );
const SUBJECTS = [
  'City council',
  'Regional hospital',
  'Harbour authority',
  'Local farmers',
  'Café owners',
  'The national team',
  'Railway workers',
  'University researchers',
  'The museum',
  'Weather service',
  'Energy regulator',
  'Startup founders',
  'Village elders',
  'Football club',
  'Film festival',
];
const HINDI_SUBJECTS = ['नगर परिषद', 'राज्य सरकार', 'किसान संघ', 'रेलवे कर्मचारी', 'मौसम विभाग'];
const HINDI_OBJECTS = [
  'नए बजट को मंज़ूरी दी',
  'पुराने पुल की मरम्मत की योजना बनाई',
  'बाढ़ राहत की घोषणा की',
  'स्कूलों में सस्ते भोजन पर चर्चा की',
  'हवाई अड्डे के विस्तार पर सवाल उठाए',
];
const VERBS = ['approves', 'rejects', 'unveils', 'delays', 'debates', 'celebrates', 'questions', 'expands', 'plans'];
const OBJECTS = [
  'new budget for riverside parks',
  'plan to rebuild the old bridge',
  'record summer season',
  'changes to night bus routes',
  'a decade of community work',
  'storm damage repairs',
  'cheaper school meals',
  'the airport expansion',
  'a festival of local music',
  'housing for young families',
  'research into cleaner energy',
  'the historic theatre reopening',
];

function sentence(min: number, max: number): string {
  const words = Array.from({ length: int(min, max) }, () => pick(WORDS));
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Editor.js paragraphs, some with inline markup, generated once and reused: sizes matter here, not prose. */
const PARAGRAPHS = Array.from({ length: 400 }, () => {
  const text = Array.from({ length: int(3, 7) }, () => sentence(6, 14)).join(' ');
  return random() < 0.3 ? text.replace(/ (\w+) (\w+)\./, ' <b>$1</b> <a href="https://example.com/$2">$2</a>.') : text;
});

export const CATEGORY_LIST = Array.from({ length: CATEGORIES }, (_, i) => ({
  _id: ulid(NOW - 900 * DAY + i * 1000, random),
  name: `${pick(WORDS).replace(/^./, (c) => c.toUpperCase())} ${i + 1}`,
}));
const AUTHOR_LIST = Array.from({ length: AUTHORS }, (_, i) => ({
  _id: ulid(NOW - 900 * DAY + i * 1000, random),
  name: `${pick(['Ana', 'Ben', 'Chloé', 'Dev', 'Emma', 'Farid', 'Grace', 'Hugo', 'Iris', 'Jon'])} ${pick(['Moreau', 'Okafor', 'Silva', 'Novak', 'Berg', 'Tanaka', 'Kelly', 'Rossi'])} ${i + 1}`,
}));

function section(): ArticleContent['body'][number] {
  const target = int(1000, 2000);
  const blocks: { id: string; type: 'paragraph'; data: { text: string } }[] = [];
  let size = 0;
  while (size < target) {
    const text = pick(PARAGRAPHS);
    blocks.push({ id: ulid(NOW, random).slice(-10), type: 'paragraph', data: { text } });
    size += text.length + 40;
  }
  return { title: sentence(4, 8).slice(0, -1), body: { time: NOW, version: '2.31.7', blocks } };
}

export interface Seeded {
  row: ArticleRecord;
  content: ArticleContent;
}

/** Article `i`, as createArticle/updateArticle would have stored it. */
export function article(i: number, due: boolean): Seeded {
  const created = NOW - Math.floor(random() * 730 * DAY);
  const id = ulid(created, random);
  const type = weighted(TYPE_MIX);
  const status = due ? 'Scheduled' : weighted(STATUS_MIX);
  const title =
    i % 1000 === 7
      ? `${pick(SUBJECTS)} ${pick(VERBS)} a Quasar observatory and ${pick(OBJECTS)}`
      : i % 100 === 42
        ? `${pick(SUBJECTS)} ${pick(VERBS)} a Zeppelin exhibition and ${pick(OBJECTS)}`
        : i % 20 === 3
          ? `${pick(HINDI_SUBJECTS)} ने ${pick(HINDI_OBJECTS)}`
          : `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}${i % 50 === 19 ? ` ${crowdedWords(i).join(' ')}` : ''}`;
  let publishDate: number | null = null;
  if (status === 'Scheduled')
    publishDate = due ? Math.max(created, NOW - int(1, 180) * 60_000) : NOW + int(1, 60 * 24) * 3_600_000;
  else if (status === 'Published' || status === 'Retract') publishDate = Math.min(NOW, created + int(0, 2 * DAY));
  const author = pick(AUTHOR_LIST);
  const editor = pick(AUTHOR_LIST);
  const categories = Array.from(new Set(Array.from({ length: int(1, 3) }, () => pick(CATEGORY_LIST))));
  const updated = Math.min(NOW, created + int(0, 5 * DAY));
  const slug = `${slugify(title)}-${id.slice(-6).toLowerCase()}`;
  const cover = type === 'Gallery' || type === 'Video' || random() < 0.8 ? ulid(created, random) : null;

  const row: ArticleRecord = {
    _id: id,
    type,
    status,
    title,
    searchTitle: searchable(title),
    slug,
    categories: categories.map((c) => c._id),
    categoryNames: categories,
    user: author._id,
    authorName: author.name,
    image: cover,
    publishDate: publishDate === null ? null : new Date(publishDate).toISOString(),
    isSponsored: random() < 0.05,
    views: status === 'Published' ? int(0, 50_000) : 0,
    createdBy: author._id,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(updated).toISOString(),
    updatedBy: { _id: editor._id, name: editor.name },
    version: int(1, 6),
    searchIndexed: true,
    searchIndexVersion: SEARCH_INDEX_VERSION,
  };
  const content: ArticleContent = {
    description: sentence(20, 40),
    canonicalUrl: random() < 0.5 ? `https://news.example.com/${slug}` : '',
    seo: {
      title: title.slice(0, 60),
      description: sentence(15, 25),
      metaTags: [{ property: 'keywords', content: Array.from({ length: 6 }, () => pick(WORDS)).join(', ') }],
    },
    body: type === 'Video' || type === 'Gallery' ? [section()] : [section(), section(), section()],
    imageAlt: cover ? sentence(4, 8) : '',
    imageTitle: cover ? sentence(3, 6) : '',
    tags:
      type === 'Gallery' || type === 'Video' ? Array.from(new Set(Array.from({ length: 4 }, () => pick(WORDS)))) : [],
    videos:
      type === 'Video'
        ? Array.from({ length: int(1, 3) }, () => ({
            url: `https://www.youtube.com/watch?v=${ulid(created, random).slice(-11)}`,
            description: sentence(5, 12),
            file: null,
          }))
        : [],
    gallery:
      type === 'Gallery'
        ? Array.from({ length: int(4, 12) }, () => ({
            url: '',
            description: sentence(4, 10),
            file: ulid(created, random),
          }))
        : [],
  };
  return { row, content };
}
