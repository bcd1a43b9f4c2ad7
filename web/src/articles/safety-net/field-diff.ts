/**
 * What differs between a revision and the editor's current content, field by field and section by section, as
 * word-level changes (jsdiff's diffWords, with Intl.Segmenter so Hindi words are words). Pure; only the lazily
 * loaded revisions panel imports it, so the diff code stays out of the editors' first download.
 */
import { diffWords } from 'diff';
import { formatDateTime } from '../../../../shared/format';
import type { ArticleFieldValues, MediaItemValue } from '../../../../shared/schemas/article-record';
import { sectionText } from './text-stats';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export interface FieldDiff {
  key: string;
  label: string;
  /** The revision's text and the current one, as compared. */
  before: string;
  after: string;
  parts: DiffPart[];
}

/** How ids read as names: categories, the author, files. Unknown ids are shown as they are. */
export interface DiffNames {
  category?: (id: string) => string | undefined;
  user?: (id: string) => string | undefined;
  file?: (id: string) => string | undefined;
}

export type DiffSource = Partial<ArticleFieldValues>;

let segmenter: Intl.Segmenter | undefined;

/** The word-level changes that turn `before` into `after`. */
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  return diffWords(before, after, { intlSegmenter: segmenter }).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

const named = (ids: readonly string[] | undefined, name: ((id: string) => string | undefined) | undefined) =>
  (ids ?? []).map((id) => name?.(id) ?? id).join(', ');

const itemsText = (items: readonly Partial<MediaItemValue>[] | undefined, names: DiffNames) =>
  (items ?? [])
    .map((item, i) => {
      const source = item.file ? (names.file?.(item.file) ?? item.file) : (item.url ?? '');
      return `${i + 1}. ${[source, item.description ?? ''].filter(Boolean).join(' — ')}`;
    })
    .join('\n');

/** The fields compared, in the order the editors show them, as text. */
function fieldTexts(source: DiffSource, names: DiffNames): [key: string, label: string, text: string][] {
  const rows: [string, string, string][] = [
    ['title', 'Title', source.title ?? ''],
    ['slug', 'URL slug', source.slug ?? ''],
    ['description', 'Description', source.description ?? ''],
    ['categories', 'Categories', named(source.categories, names.category)],
    ['user', 'Author', source.user ? (names.user?.(source.user) ?? source.user) : ''],
    ['publishDate', 'Publish date', formatDateTime(source.publishDate)],
    ['image', 'Cover image', source.image ? (names.file?.(source.image) ?? source.image) : ''],
    ['imageAlt', 'Alt tag', source.imageAlt ?? ''],
    ['imageTitle', 'Cover image title', source.imageTitle ?? ''],
    ['canonicalUrl', 'Canonical URL', source.canonicalUrl ?? ''],
    ['isSponsored', 'Sponsored', source.isSponsored === undefined ? '' : source.isSponsored ? 'Yes' : 'No'],
    ['tags', 'Tags', (source.tags ?? []).join(', ')],
    ['seo.title', 'SEO title', source.seo?.title ?? ''],
    ['seo.description', 'SEO description', source.seo?.description ?? ''],
    ['seo.keywords', 'Keywords', source.seo?.metaTags?.[0]?.content ?? ''],
    ['videos', 'Videos', itemsText(source.videos, names)],
    ['gallery', 'Gallery', itemsText(source.gallery, names)],
  ];
  return rows;
}

/**
 * Every field and section that differs between `revision` and `current`, with its word-level changes (what the
 * revision has that the current text lacks is `removed`). Sections pair up by position; one only on one side is
 * compared with nothing. Unchanged ones are left out.
 */
export function revisionDiff(revision: DiffSource, current: DiffSource, names: DiffNames = {}): FieldDiff[] {
  const before = fieldTexts(revision, names);
  const after = new Map(fieldTexts(current, names).map(([key, , text]) => [key, text]));
  const diffs: FieldDiff[] = [];
  const push = (key: string, label: string, a: string, b: string) => {
    if (a !== b) diffs.push({ key, label, before: a, after: b, parts: wordDiff(a, b) });
  };
  for (const [key, label, text] of before) push(key, label, text, after.get(key) ?? '');
  diffs.push(...sectionsDiff(revision.body ?? [], current.body ?? []));
  return diffs;
}

/** The sections that differ, by position: "Section 2" with its sub-headline and text. */
export function sectionsDiff(revision: DiffSource['body'] = [], current: DiffSource['body'] = []): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const count = Math.max(revision.length, current.length);
  for (let i = 0; i < count; i++) {
    const a = sectionText(revision[i]);
    const b = sectionText(current[i]);
    if (a !== b)
      diffs.push({ key: `body.${i}`, label: `Section ${i + 1}`, before: a, after: b, parts: wordDiff(a, b) });
  }
  return diffs;
}
