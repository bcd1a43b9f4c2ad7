/**
 * The article list's parts that need no browser: its order in the URL, which bulk actions are offered
 * for which rows, running one over the rows a few at a time, and what the results say.
 */
import { describe, expect, it } from 'vitest';
import { SORT_REFUSALS, sortRefusal } from '../../shared/article-sort';
import type { ArticleRow } from '../../shared/schemas/article-record';
import { readableUrl } from '../../web/src/articles/list/article-columns';
import { articleBulkActions, bulkMoveApplies } from '../../web/src/articles/list/bulk-actions';
import {
  effectiveOrder,
  readListQuery,
  sortOptions,
  toArticleFilters,
  withSort,
  withStatus,
} from '../../web/src/articles/list/list-query';
import {
  type BulkAction,
  bulkSummary,
  offeredActions,
  resultsInOrder,
  runBulk,
  runPool,
  skippedReasons,
} from '../../web/src/common/list/bulk';
import { articleRow } from './records';

const read = (qs: string) => readListQuery(new URLSearchParams(qs));

describe('the article list order in the URL', () => {
  it('reads sort and order, newest created first when absent or malformed', () => {
    expect(read('')).toMatchObject({ sort: 'created', order: 'desc' });
    expect(read('sort=updated&order=asc')).toMatchObject({ sort: 'updated', order: 'asc' });
    expect(read('sort=title&order=up')).toMatchObject({ sort: 'created', order: 'desc' });
  });

  it('keeps only the defaults out of the URL, and goes back to page 1', () => {
    const current = new URLSearchParams('status=Scheduled&page=3');
    expect(withSort(current, 'publishDate:asc').toString()).toBe('status=Scheduled&sort=publishDate&order=asc');
    expect(withSort(new URLSearchParams('sort=updated&page=2'), 'created:desc').toString()).toBe('');
    expect(withSort(new URLSearchParams(''), 'created:asc').toString()).toBe('order=asc');
    expect(withSort(new URLSearchParams(''), 'updated:desc').toString()).toBe('sort=updated');
  });

  it('serves an order only where an index holds it, and none with a title search', () => {
    expect(effectiveOrder(read('sort=updated'))).toEqual({ sort: 'updated', order: 'desc', refusal: null });
    expect(effectiveOrder(read('status=Draft&sort=updated'))).toMatchObject({
      sort: 'created',
      refusal: SORT_REFUSALS.updated,
    });
    expect(effectiveOrder(read('status=Scheduled&sort=publishDate&order=asc'))).toMatchObject({
      sort: 'publishDate',
      order: 'asc',
    });
    expect(effectiveOrder(read('sort=publishDate')).refusal).toBe(SORT_REFUSALS.publishDate);
    expect(effectiveOrder(read('sort=updated&search=budget'))).toMatchObject({
      sort: 'created',
      order: 'desc',
      refusal: SORT_REFUSALS.search,
    });
    expect(sortRefusal({ sort: 'created', order: 'asc', status: 'Draft', searching: false })).toBeNull();
  });

  it('asks the API for the order in force, leaving the default out', () => {
    expect(toArticleFilters(read('sort=updated&order=asc'))).toMatchObject({ sort: 'updated', order: 'asc' });
    expect(toArticleFilters(read('order=asc'))).toMatchObject({ sort: undefined, order: 'asc' });
    expect(toArticleFilters(read('status=Draft&sort=updated'))).toMatchObject({ sort: undefined, order: undefined });
    expect(toArticleFilters(read('search=x&order=asc'))).toMatchObject({ sort: undefined, order: undefined });
  });

  it('keeps the order across tabs that can have it, and drops it on the others', () => {
    expect(withStatus(new URLSearchParams('sort=updated&order=asc'), 'Draft').toString()).toBe('status=Draft');
    expect(withStatus(new URLSearchParams('order=asc&page=2'), 'Draft').toString()).toBe('order=asc&status=Draft');
    expect(withStatus(new URLSearchParams('status=Scheduled&sort=publishDate'), '').toString()).toBe('');
  });

  it('lists every order, disabled with where it can be had', () => {
    const unavailable = (status: string) =>
      Object.fromEntries(sortOptions(status).map((option) => [option.value, option.unavailable]));
    expect(unavailable('')).toMatchObject({
      'created:desc': null,
      'updated:asc': null,
      'publishDate:asc': 'Scheduled tab only',
    });
    expect(unavailable('Draft')).toMatchObject({ 'created:asc': null, 'updated:desc': 'All tab only' });
    expect(unavailable('Scheduled')).toMatchObject({ 'publishDate:desc': null, 'updated:desc': 'All tab only' });
  });
});

describe('which bulk actions the article list offers', () => {
  it('follows the workflow table: list actions by status, Retract for live articles, editors only', () => {
    expect(bulkMoveApplies('approve', 'Need Review', 'editor')).toBe(true);
    expect(bulkMoveApplies('reject', 'Need Review', 'editor')).toBe(true);
    expect(bulkMoveApplies('publish', 'Approved', 'editor')).toBe(true);
    expect(bulkMoveApplies('approve', 'Draft', 'editor')).toBe(false);
    expect(bulkMoveApplies('publish', 'Draft', 'editor')).toBe(true);
    expect(bulkMoveApplies('publish', 'Draft', 'contributor')).toBe(false);
    expect(bulkMoveApplies('retract', 'Published', 'editor')).toBe(true);
    expect(bulkMoveApplies('retract', 'Scheduled', 'editor')).toBe(true);
    expect(bulkMoveApplies('retract', 'Draft', 'editor')).toBe(false);
    expect(bulkMoveApplies('approve', 'Need Review', 'contributor')).toBe(false);
    expect(bulkMoveApplies('retract', 'Published', 'contributor')).toBe(false);
  });

  it('offers an action when it applies to at least one picked row, and Move to trash only with Remove', () => {
    const keys = (actions: BulkAction<ArticleRow>[]) => actions.map((action) => action.key);
    const editor = articleBulkActions('editor', true);
    expect(keys(editor)).toEqual(['publish', 'approve', 'reject', 'retract', 'trash']);
    expect(keys(articleBulkActions('editor', false))).toEqual(['publish', 'approve', 'reject', 'retract']);
    expect(keys(articleBulkActions('contributor', true))).toEqual(['trash']);
    expect(articleBulkActions('contributor', false)).toEqual([]);

    expect(keys(offeredActions(editor, [articleRow('Draft')]))).toEqual(['publish', 'trash']);
    expect(keys(offeredActions(editor, [articleRow('Rejected')]))).toEqual(['trash']);
    expect(keys(offeredActions(editor, [articleRow('Draft'), articleRow('Need Review')]))).toEqual([
      'publish',
      'approve',
      'reject',
      'trash',
    ]);
    expect(keys(offeredActions(editor, [articleRow('Approved'), articleRow('Published')]))).toEqual([
      'publish',
      'retract',
      'trash',
    ]);
  });

  it('says why a row is skipped, in the API’s words, grouped before the run', () => {
    const approve = articleBulkActions('editor', false).find((action) => action.key === 'approve');
    if (!approve) throw new Error('no approve');
    expect(approve.refusal(articleRow('Need Review'))).toBeNull();
    expect(approve.refusal(articleRow('Draft'))).toBe('You cannot approve an article that is Draft');
    expect(
      skippedReasons(approve, [
        articleRow('Draft', 'a'),
        articleRow('Need Review'),
        articleRow('Draft', 'b'),
        articleRow('Published'),
      ]),
    ).toEqual([
      { reason: 'You cannot approve an article that is Draft', count: 2 },
      { reason: 'You cannot approve an article that is Published', count: 1 },
    ]);
  });
});

interface Item {
  _id: string;
  fails?: string;
  skip?: boolean;
}

const action = (run: (item: Item) => Promise<string | undefined>): BulkAction<Item> => ({
  key: 'approve',
  label: 'Approve',
  done: 'Approved',
  refusal: (item) => (item.skip ? 'Not waiting for review' : null),
  run,
  question: (count) => `Approve ${count}?`,
});

describe('running a bulk action', () => {
  it('runs at most three calls at once and answers in the rows’ order', async () => {
    let running = 0;
    let most = 0;
    const answers = await runPool([5, 1, 4, 2, 3, 1, 2], 3, async (ms) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms * 3));
      running--;
      return ms * 10;
    });
    expect(most).toBe(3);
    expect(answers).toEqual([50, 10, 40, 20, 30, 10, 20]);
  });

  it('reports each row: done (with its note), refused with the reason, skipped without a call', async () => {
    const called: string[] = [];
    const results = await runBulk(
      action(async (item) => {
        called.push(item._id);
        if (item.fails) throw new Error(item.fails);
        return item._id === 'b' ? 'Scheduled for 01/01/2027 10:00' : undefined;
      }),
      [
        { _id: 'a' },
        { _id: 'locked', fails: 'Lee is editing this article' },
        { _id: 'draft', skip: true },
        { _id: 'b' },
      ],
      (failure) => (failure instanceof Error ? failure.message : 'failed'),
    );
    expect(called.sort()).toEqual(['a', 'b', 'locked']);
    expect(results.map((result) => [result.row._id, result.outcome, result.message])).toEqual([
      ['a', 'done', undefined],
      ['locked', 'refused', 'Lee is editing this article'],
      ['draft', 'skipped', 'Not waiting for review'],
      ['b', 'done', 'Scheduled for 01/01/2027 10:00'],
    ]);
    expect(bulkSummary(results, 'Approved')).toBe('2 approved, 1 refused, 1 skipped');
    expect(resultsInOrder(results).map((result) => result.row._id)).toEqual(['locked', 'a', 'b', 'draft']);
    expect(bulkSummary([], 'Approved')).toBe('Nothing selected');
  });
});

describe('readable URLs', () => {
  it('shows a URL as readers read it, and a malformed one as it is', () => {
    expect(readableUrl('/%E0%A4%B0%E0%A4%BE%E0%A4%9C%E0%A5%8D%E0%A4%AF-news')).toBe('/राज्य-news');
    expect(readableUrl('/100%-sure')).toBe('/100%-sure');
  });
});
