import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmText, editPathFor } from '../../web/src/articles/list/article-row';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  effectiveOrder,
  endOfDay,
  readListQuery,
  sortOptions,
  startOfDay,
  toArticleFilters,
  withAuthor,
  withFilters,
  withMine,
  withPageSize,
  withStatus,
} from '../../web/src/articles/list/list-query';
import { preferenceKey, readPreference, writePreference } from '../../web/src/common/list/list-preferences';

const CAT_A = '01JAAAAAAAAAAAAAAAAAAAAAAA';
const CAT_B = '01JBBBBBBBBBBBBBBBBBBBBBBB';
const read = (qs: string) => readListQuery(new URLSearchParams(qs));

describe('article list URL', () => {
  const tz = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Asia/Kolkata';
  });
  afterEach(() => {
    process.env.TZ = tz;
  });

  it('reads the tab, keeping any real status (the bell links to Need Review) and dropping unknown ones', () => {
    expect(read('').status).toBe('');
    expect(read('status=Draft').status).toBe('Draft');
    expect(read('status=Publish').status).toBe('Publish');
    expect(read('status=Published').status).toBe('Publish');
    expect(read('status=Need%20Review').status).toBe('Need Review');
    expect(read('status=Bogus').status).toBe('');
  });

  it('ignores malformed filters instead of sending them to the API', () => {
    const q = read(`search=%20budget%20&from=2026-02-31&to=nope&categories=${CAT_A},x,${CAT_A},&type=Podcast`);
    expect(q).toMatchObject({ search: 'budget', from: null, to: null, categories: [CAT_A], type: null });
  });

  it('treats one day as a one-day range and orders a reversed range', () => {
    expect(read('from=2026-03-04')).toMatchObject({ from: '2026-03-04', to: '2026-03-04' });
    expect(read('from=2026-03-09&to=2026-03-04')).toMatchObject({ from: '2026-03-04', to: '2026-03-09' });
  });

  it('sends the picked local days as the instants that bound them', () => {
    expect(startOfDay('2026-03-04')).toBe('2026-03-03T18:30:00.000Z');
    expect(endOfDay('2026-03-04')).toBe('2026-03-04T18:29:59.999Z');
    expect(toArticleFilters(read(`status=Draft&from=2026-03-04&categories=${CAT_A},${CAT_B}&type=Video`))).toEqual({
      status: 'Draft',
      search: undefined,
      from: '2026-03-03T18:30:00.000Z',
      to: '2026-03-04T18:29:59.999Z',
      categories: [CAT_A, CAT_B],
      type: 'Video',
    });
    expect(toArticleFilters(read(''))).toEqual({
      status: undefined,
      search: undefined,
      from: undefined,
      to: undefined,
      categories: undefined,
      type: undefined,
    });
  });

  it('applying filters keeps the tab and goes back to page 1; Reset clears only the filters', () => {
    const current = new URLSearchParams('status=Draft&page=3&search=old');
    const applied = withFilters(current, {
      search: ' budget ',
      from: '2026-03-04',
      to: null,
      categories: [CAT_A],
      type: 'Article',
    });
    expect(Object.fromEntries(applied)).toEqual({
      status: 'Draft',
      search: 'budget',
      from: '2026-03-04',
      to: '2026-03-04',
      categories: CAT_A,
      type: 'Article',
    });
    expect(activeFilterCount(readListQuery(applied))).toBe(4);
    const reset = withFilters(applied, EMPTY_FILTERS);
    expect(reset.toString()).toBe('status=Draft');
    expect(activeFilterCount(readListQuery(reset))).toBe(0);
  });

  it('picking a tab keeps the filters and goes back to page 1', () => {
    const current = new URLSearchParams('status=Draft&page=2&search=budget');
    expect(withStatus(current, 'Publish').toString()).toBe('status=Publish&search=budget');
    expect(withStatus(current, '').toString()).toBe('search=budget');
  });
});

describe('the author, Mine and the rows per page in the URL', () => {
  const ANA = '01JANAAAAAAAAAAAAAAAAAAAAA';
  const ME = '01JMEMEMEMEMEMEMEMEMEMEMEM';

  it('reads the author, Mine and a page size the list offers, ignoring anything else', () => {
    expect(read(`author=${ANA}&limit=50`)).toMatchObject({ author: ANA, mine: false, limit: 50 });
    expect(read('author=nobody&limit=33&mine=yes')).toMatchObject({ author: null, mine: false, limit: null });
    expect(read('mine=1&limit=100')).toMatchObject({ mine: true, limit: 100 });
  });

  it("asks the API for the picked author's articles, or the viewer's own for Mine", () => {
    expect(toArticleFilters(read(`author=${ANA}`), ME).author).toBe(ANA);
    expect(toArticleFilters(read(`mine=1&author=${ANA}`), ME).author).toBe(ME);
    expect(toArticleFilters(read(''), ME).author).toBeUndefined();
  });

  it('picking an author turns Mine off and Mine drops the author; both go back to page 1', () => {
    expect(withAuthor(new URLSearchParams('mine=1&page=3&status=Draft'), ANA).toString()).toBe(
      `status=Draft&author=${ANA}`,
    );
    expect(withAuthor(new URLSearchParams(`author=${ANA}`), null).toString()).toBe('');
    expect(withMine(new URLSearchParams(`author=${ANA}&page=2`), true).toString()).toBe('mine=1');
    expect(withMine(new URLSearchParams('mine=1&search=x'), false).toString()).toBe('search=x');
  });

  it("lists an author's articles by created date only: other orders are offered disabled and dropped", () => {
    expect(effectiveOrder(read(`author=${ANA}&sort=updated`))).toMatchObject({ sort: 'created', order: 'desc' });
    expect(effectiveOrder(read(`mine=1&order=asc`))).toMatchObject({ sort: 'created', order: 'asc', refusal: null });
    const disabled = Object.fromEntries(sortOptions('', true).map((option) => [option.value, option.unavailable]));
    expect(disabled).toMatchObject({ 'created:asc': null, 'updated:desc': 'Not for one author' });
    expect(withMine(new URLSearchParams('sort=updated&order=asc'), true).toString()).toBe('mine=1');
  });

  it('a new page size keeps the first row of the page in view and leaves the default out of the URL', () => {
    // Rows 21–30 (page 3 of 10) are in rows 1–50: page 1 of 50.
    expect(withPageSize(new URLSearchParams('page=3&status=Draft'), 50, 3, 10).toString()).toBe(
      'status=Draft&limit=50',
    );
    // Rows 51–75 (page 3 of 25) start on page 6 of 10.
    expect(withPageSize(new URLSearchParams('limit=25&page=3'), 10, 3, 25).toString()).toBe('page=6');
  });
});

describe('list choices remembered per user', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    (globalThis as { window?: unknown }).window = {
      localStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => store.set(key, value),
      },
    };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("keeps each user's choice apart and ignores a stored value the list does not offer", () => {
    const sizes = [10, 25, 50, 100] as const;
    writePreference(preferenceKey('articles', 'pageSize', 'ana'), 50);
    writePreference(preferenceKey('articles', 'pageSize', 'bo'), 'lots');
    expect(readPreference(preferenceKey('articles', 'pageSize', 'ana'), sizes)).toBe(50);
    expect(readPreference(preferenceKey('articles', 'pageSize', 'bo'), sizes)).toBeUndefined();
    expect(readPreference(preferenceKey('articles', 'pageSize', 'cy'), sizes)).toBeUndefined();
  });
});

describe('article rows', () => {
  it('opens the editor matching the type', () => {
    expect(editPathFor({ _id: 'A1', type: 'Article' })).toBe('/article/edit/A1');
    expect(editPathFor({ _id: 'A1', type: 'Blog' })).toBe('/article/edit/A1');
    expect(editPathFor({ _id: 'A1', type: 'Video' })).toBe('/article/video/edit/A1');
    expect(editPathFor({ _id: 'A1', type: 'Gallery' })).toBe('/article/gallery/edit/A1');
    expect(editPathFor({ _id: 'A1', type: 'Page' })).toBe('/page/edit/A1');
  });

  it('says when a Publish will only schedule the article', () => {
    const now = new Date('2026-03-04T10:00:00Z');
    expect(confirmText('publish', { title: 'T', publishDate: '2026-03-04T09:00:00Z' }, now)).toContain(
      'goes live on the site now',
    );
    expect(confirmText('publish', { title: 'T', publishDate: '2026-03-05T09:00:00Z' }, now)).toContain('scheduled');
  });
});
