import { describe, expect, it } from 'vitest';
import { AUTOSAVE_RATE, MAX_INLINE_HTML_LENGTH } from '../../shared/constants';
import type { ArticleDetail } from '../../shared/schemas/article-record';
import type { HomeLayoutBody } from '../../shared/schemas/layout';
import { ApiError } from '../../web/src/api/client';
import { autosaveBody } from '../../web/src/articles/safety-net/autosave-fields';
import { autosavePauseMs } from '../../web/src/articles/safety-net/autosave-pause';
import {
  editedArticle,
  hasPendingChanges,
  lastSavedAt,
  savesDraft,
  statusLabel,
} from '../../web/src/articles/safety-net/edited-article';
import { revisionDiff, sectionsDiff, wordDiff } from '../../web/src/articles/safety-net/field-diff';
import { homeSlotsOf, retractText } from '../../web/src/articles/safety-net/home-slots';
import {
  clearLocalCopy,
  type LocalCopy,
  localCopyKey,
  markLocalCopySent,
  readLocalCopy,
  writeLocalCopy,
} from '../../web/src/articles/safety-net/local-copy';
import { clockTime, restoreOffer, sameContent } from '../../web/src/articles/safety-net/restore-offer';
import {
  articleStats,
  blocksText,
  countWords,
  readingMinutes,
  statsLabel,
} from '../../web/src/articles/safety-net/text-stats';
import { stubBrowser } from './web-fakes';

const HINDI = 'राज्य सरकार ने पुराने पुल की मरम्मत की योजना बनाई';
const paragraph = (text: string) => ({ type: 'paragraph' as const, data: { text } });
const section = (title: string, ...texts: string[]) => ({ title, body: { blocks: texts.map(paragraph) } });

describe('word count and reading time', () => {
  it('counts Latin words, leaving out spaces and punctuation', () => {
    expect(countWords('The quick brown fox — jumps!')).toBe(5);
    expect(countWords('   ')).toBe(0);
    expect(countWords("It's 12.5 km")).toBe(3);
  });

  it('counts Hindi words whole, vowel signs and conjuncts included', () => {
    expect(countWords(HINDI)).toBe(10);
  });

  it('reads 200 words a minute, rounded up', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
  });

  it('counts the title and the sections, their HTML stripped to text', () => {
    const stats = articleStats({
      title: 'Harbour reopens',
      body: [
        section('The night', '<b>Winds</b> reached&nbsp;120 km/h', 'Crews <a href="https://x.test">cleared</a> it'),
      ],
    });
    // 2 (title) + 2 (sub-headline) + 5 ("km/h" is two) + 3
    expect(stats).toEqual({ words: 12, minutes: 1 });
    expect(statsLabel(stats)).toBe('12 words · 1 min read');
    expect(statsLabel({ words: 0, minutes: 0 })).toBe('No words yet');
    expect(statsLabel({ words: 1, minutes: 1 })).toBe('1 word · 1 min read');
  });

  it('counts a Hindi title with a Hindi section', () => {
    expect(articleStats({ title: HINDI, body: [section('', HINDI)] }).words).toBe(20);
  });

  it('counts the description and captions of a video or gallery, which have no sections', () => {
    const stats = articleStats({
      title: 'Cup final',
      description: 'Goals of the night',
      videos: [{ url: 'https://youtu.be/abcdefgh', description: 'Second half', file: null }],
    });
    expect(stats.words).toBe(2 + 4 + 2);
  });

  it('takes the text of lists, quotes and image captions', () => {
    const text = blocksText({
      blocks: [
        { type: 'list', data: { style: 'unordered', items: [{ content: 'one', items: [{ content: '<i>two</i>' }] }] } },
        { type: 'quote', data: { text: 'Said so', caption: 'Ada' } },
        { type: 'image', data: { file: { url: '/media/a.png' }, caption: 'A pier' } },
        { type: 'delimiter', data: {} },
      ],
    });
    expect(text).toBe('one\ntwo\nSaid so\nAda\nA pier');
  });
});

describe('the revision diff', () => {
  it('marks a word the current text lacks as removed', () => {
    expect(wordDiff('The quick brown fox', 'The quick fox')).toEqual([
      { kind: 'same', text: 'The quick ' },
      { kind: 'removed', text: 'brown ' },
      { kind: 'same', text: 'fox' },
    ]);
  });

  it('diffs Hindi word by word', () => {
    const parts = wordDiff(HINDI, HINDI.replace('पुराने ', ''));
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['पुराने']);
    expect(parts.filter((p) => p.kind === 'added')).toEqual([]);
  });

  it('compares sections by position, with their sub-headlines, and leaves out the unchanged ones', () => {
    const before = [section('Intro', 'Same text'), section('Storm', 'Winds reached 120 km/h')];
    const after = [section('Intro', 'Same text'), section('Storm', 'Winds reached 130 km/h'), section('New', 'Added')];
    const diffs = sectionsDiff(before, after);
    expect(diffs.map((d) => d.label)).toEqual(['Section 2', 'Section 3']);
    expect(diffs[0]?.parts.filter((p) => p.kind !== 'same').map((p) => [p.kind, p.text])).toEqual([
      ['removed', '120'],
      ['added', '130'],
    ]);
    expect(diffs[1]?.before).toBe('');
    expect(diffs[1]?.after).toBe('New\nAdded');
  });

  it('lists the changed title and fields by name, ids read as names', () => {
    const diffs = revisionDiff(
      { title: 'Old title', categories: ['c1'], isSponsored: false, seo: { title: 'S', description: 'D' } },
      { title: 'New title', categories: ['c1', 'c2'], isSponsored: false, seo: { title: 'S', description: 'D2' } },
      { category: (id) => ({ c1: 'World', c2: 'Sport' })[id] },
    );
    expect(diffs.map((d) => d.label)).toEqual(['Title', 'Categories', 'SEO description']);
    expect(diffs[1]?.after).toBe('World, Sport');
  });

  it('finds nothing between equal contents', () => {
    const fields = { title: 'A', body: [section('x', 'y')] };
    expect(revisionDiff(fields, structuredClone(fields))).toEqual([]);
  });
});

describe('the restore offer', () => {
  const article = { version: 4, lastSavedAt: '2026-05-12T09:00:00.000Z' };
  const copy = (values: unknown, savedAt: string, baseVersion: number | null = 4): LocalCopy<unknown> => ({
    values,
    savedAt,
    baseVersion,
    sent: false,
  });

  it('offers nothing without a copy', () => {
    expect(restoreOffer({ server: null, local: undefined, article, current: { title: 'A' } })).toBeNull();
  });

  it("offers the server's autosave (the API sends it only when newer than the last save)", () => {
    const server = { values: { title: 'B' }, at: '2026-05-12T09:05:00.000Z', baseVersion: 4 };
    expect(restoreOffer({ server, local: undefined, article, current: { title: 'A' } })).toMatchObject({
      source: 'server',
      values: { title: 'B' },
    });
  });

  it("offers this browser's copy typed on the version opened, even when its clock is behind", () => {
    const local = copy({ title: 'B' }, '2026-05-12T08:00:00.000Z');
    expect(restoreOffer({ server: null, local, article, current: { title: 'A' } })?.source).toBe('device');
  });

  it('does not offer a copy typed on an older version before the last save', () => {
    const local = copy({ title: 'B' }, '2026-05-12T08:00:00.000Z', 3);
    expect(restoreOffer({ server: null, local, article, current: { title: 'A' } })).toBeNull();
    const later = copy({ title: 'B' }, '2026-05-12T09:30:00.000Z', 3);
    expect(restoreOffer({ server: null, local: later, article, current: { title: 'A' } })?.source).toBe('device');
  });

  it('offers the newer of two copies', () => {
    const server = { values: { title: 'Server' }, at: '2026-05-12T09:05:00.000Z', baseVersion: 4 };
    const local = copy({ title: 'Device' }, '2026-05-12T09:06:00.000Z');
    expect(restoreOffer({ server, local, article, current: { title: 'A' } })?.values).toEqual({ title: 'Device' });
    const older = copy({ title: 'Device' }, '2026-05-12T09:01:00.000Z');
    expect(restoreOffer({ server, local: older, article, current: { title: 'A' } })?.values).toEqual({
      title: 'Server',
    });
  });

  it('never offers what the form already holds, block ids and save times aside', () => {
    const body = (id: string, time: number) => [{ title: '', body: { time, blocks: [{ id, ...paragraph('x') }] } }];
    const local = copy({ title: 'A', body: body('aaa', 1) }, '2026-05-12T09:06:00.000Z');
    expect(restoreOffer({ server: null, local, article, current: { title: 'A', body: body('bbb', 2) } })).toBeNull();
    expect(sameContent({ a: 1 }, { a: 2 })).toBe(false);
  });

  it("offers a new article's copy whenever it differs from the empty form", () => {
    const local = copy({ title: 'Draft' }, '2026-05-12T09:06:00.000Z', null);
    expect(restoreOffer({ server: null, local, current: { title: '' } })?.source).toBe('device');
    expect(restoreOffer({ server: null, local, current: { title: 'Draft' } })).toBeNull();
  });

  it('tells the time as HH:MM today and with the date on another day', () => {
    const now = new Date(2026, 4, 12, 18, 0);
    expect(clockTime(new Date(2026, 4, 12, 14, 32).toISOString(), now)).toBe('14:32');
    expect(clockTime(new Date(2026, 4, 11, 9, 5).toISOString(), now)).toBe('11/05/2026 09:05');
  });
});

describe("this browser's copy", () => {
  const browser = stubBrowser();
  const owner = { userId: 'U1', articleId: 'A1', type: 'Article' as const };

  it('is kept per user and article, and per user and type before the article exists', () => {
    expect(localCopyKey(owner)).toBe('admin-portal.editor-copy.v1:U1:A1');
    expect(localCopyKey({ userId: 'U2', articleId: 'A1', type: 'Article' })).toBe('admin-portal.editor-copy.v1:U2:A1');
    expect(localCopyKey({ userId: 'U1', type: 'Gallery' })).toBe('admin-portal.editor-copy.v1:U1:new:Gallery');
    expect(localCopyKey({ userId: 'U1', type: 'Page' })).not.toBe(localCopyKey({ userId: 'U1', type: 'Gallery' }));
  });

  it('is written, read, marked sent and cleared', () => {
    const copy = { values: { title: 'A' }, savedAt: '2026-05-12T09:00:00.000Z', baseVersion: 2, sent: false };
    expect(writeLocalCopy(owner, copy)).toBe(true);
    expect(readLocalCopy(owner)).toEqual(copy);
    expect(readLocalCopy({ ...owner, userId: 'U2' })).toBeUndefined();
    markLocalCopySent(owner, 'another time');
    expect(readLocalCopy(owner)?.sent).toBe(false);
    markLocalCopySent(owner, copy.savedAt);
    expect(readLocalCopy(owner)?.sent).toBe(true);
    clearLocalCopy(owner);
    expect(readLocalCopy(owner)).toBeUndefined();
  });

  it('ignores what it cannot read', () => {
    browser.storage.setItem(localCopyKey(owner), '{not json');
    expect(readLocalCopy(owner)).toBeUndefined();
    browser.storage.setItem(localCopyKey(owner), JSON.stringify({ values: 1 }));
    expect(readLocalCopy(owner)).toBeUndefined();
  });
});

describe('the autosave body', () => {
  it('keeps what the schema takes, an empty title included', () => {
    expect(autosaveBody(3, { title: '', description: 'Typed' })).toEqual({
      baseVersion: 3,
      fields: { title: '', description: 'Typed' },
    });
  });

  it('leaves out a field the user is half-way through, keeping the rest', () => {
    const body = autosaveBody(3, { title: 'T', canonicalUrl: 'htt', tags: ['a', 'A'], description: 'D' });
    expect(body?.fields).toEqual({ title: 'T', description: 'D' });
  });

  it('leaves out sections with a paragraph over its limit (kept in this browser), so the rest is still sent', () => {
    const long = section('', 'x'.repeat(MAX_INLINE_HTML_LENGTH + 1));
    expect(autosaveBody(3, { title: 'T', description: 'D', body: [long] })?.fields).toEqual({
      title: 'T',
      description: 'D',
    });
  });
});

describe('autosaves after a 429', () => {
  it('wait as long as the server asks, or a whole window when it does not say', () => {
    expect(autosavePauseMs(new ApiError(429, 'Too many autosaves', 17))).toBe(17_000);
    expect(autosavePauseMs(new ApiError(429, 'Too many autosaves'))).toBe(AUTOSAVE_RATE.windowSeconds * 1000);
  });

  it('do not wait after any other failure', () => {
    for (const error of [new ApiError(0, 'offline'), new ApiError(413, 'too long'), new ApiError(500, 'x'), 'x']) {
      expect(autosavePauseMs(error)).toBeUndefined();
    }
  });
});

describe('a live article with unpublished changes', () => {
  const live = {
    _id: 'A1',
    type: 'Article',
    status: 'Published',
    title: 'Live title',
    updatedAt: '2026-05-12T09:00:00.000Z',
    media: { f1: { _id: 'f1', url: '/media/1', name: 'one.png', contentType: 'image/png' } },
    draft: {
      fields: { title: 'Draft title' },
      at: '2026-05-12T10:00:00.000Z',
      by: null,
      media: { f2: { _id: 'f2', url: '/media/2', name: 'two.png', contentType: 'image/png' } },
    },
  } as unknown as ArticleDetail;

  it('opens its draft, with the files of both', () => {
    const edited = editedArticle(live);
    expect(edited.title).toBe('Draft title');
    expect(Object.keys(edited.media)).toEqual(['f1', 'f2']);
    expect(editedArticle({ ...live, draft: null }).title).toBe('Live title');
  });

  it('is shown as "Published · unpublished changes", and was last saved with its draft', () => {
    expect(hasPendingChanges(live)).toBe(true);
    expect(statusLabel(live)).toBe('Published · unpublished changes');
    expect(statusLabel({ ...live, draft: null })).toBe('Published');
    expect(lastSavedAt(live)).toBe('2026-05-12T10:00:00.000Z');
  });

  it('keeps Save as a draft for the article kinds only: a video still publishes', () => {
    expect(savesDraft(live)).toBe(true);
    expect(savesDraft({ ...live, type: 'Page' })).toBe(true);
    expect(savesDraft({ ...live, type: 'Video' })).toBe(false);
    expect(savesDraft({ ...live, status: 'Draft' })).toBe(false);
  });
});

describe('the Retract question', () => {
  const placed = (_id: string) => ({
    _id,
    title: _id,
    type: 'Article' as const,
    status: 'Published' as const,
    url: '/x',
    publishDate: null,
  });
  const body: HomeLayoutBody = {
    headlines: [placed('A1'), placed('B')],
    topStory: [placed('B')],
    coverStory: placed('A1'),
    sections: [
      {
        type: 'Category',
        category: null,
        articles: [placed('A1')],
        name: 'Sport',
        template: 'template-1',
        color: '#000000',
      },
      {
        type: 'Category',
        category: null,
        articles: [placed('B')],
        name: 'World',
        template: 'template-1',
        color: '#000000',
      },
    ],
  };

  it('names the home-page slots the article leaves', () => {
    expect(homeSlotsOf(body, 'A1')).toEqual(['Headlines', 'Cover story', 'Section "Sport"']);
    expect(retractText(homeSlotsOf(body, 'A1'))).toBe(
      'It goes off the site and leaves the home page: Headlines, Cover story, Section "Sport".',
    );
  });

  it('says when it is not on the home page, or when that could not be read', () => {
    expect(retractText(homeSlotsOf(body, 'C'))).toBe('It goes off the site. It is not on the home page.');
    expect(retractText(undefined)).toBe('It goes off the site, and out of any home-page slot it holds.');
  });
});
