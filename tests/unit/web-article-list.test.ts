import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmText, editPathFor } from '../../web/src/articles/list/article-row';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  endOfDay,
  readListQuery,
  startOfDay,
  toArticleFilters,
  withFilters,
  withStatus,
} from '../../web/src/articles/list/list-query';

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
