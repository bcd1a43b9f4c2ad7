/**
 * The article list's state in the URL (`/article?status=Draft&search=budget&from=2026-01-05&sort=updated&page=2`,
 * `&author=<user id>` or `&mine=1`, `&limit=50`), so reload, Back and shared links keep the tab, the filters, the
 * author, the order, the rows per page and the page. `mine=1` is whoever opens the link: a shared "Mine" shows the
 * reader their own articles.
 */
import {
  ARTICLE_SORTS,
  type ArticleSort,
  DEFAULT_ORDER,
  DEFAULT_SORT,
  SORT_ORDERS,
  type SortOrder,
  sortRefusal,
} from '../../../../shared/article-sort';
import {
  ARTICLE_PAGE_SIZES,
  ARTICLE_STATUSES,
  ARTICLE_TYPES,
  type ArticleStatus,
  type ArticleType,
} from '../../../../shared/constants';
import { TAB_STATUS } from '../../../../shared/schemas/article';
import { categoriesParam, readCategoryIds, readSearch, searchParam, withFilterParams } from '../../common/list-query';
import { endOfDay, parseDay, startOfDay } from '../../common/local-day';
import type { ArticleListFilters } from './list-api';

// Also exported here: tests/unit/web-article-list.test.ts checks them through the article list.
export { endOfDay, startOfDay };

/** CONTRACT.md §2's tabs. Their `status` is what GET /cms takes: nothing for All, the tab names `Draft` / `Publish`. */
export const LIST_TABS = [
  { status: '', label: 'All' },
  { status: 'Draft', label: 'Draft' },
  { status: 'Publish', label: 'Published' },
] as const;

/** The filter panel's fields. Days are local calendar days, `YYYY-MM-DD`. */
export interface PanelFilters {
  search: string;
  from: string | null;
  to: string | null;
  categories: string[];
  type: ArticleType | null;
}

export interface ListQuery extends PanelFilters {
  /** '' (All), a tab's status, or any article status (the header bell links to `Need Review`). */
  status: string;
  /** The order asked for in the URL (`sort`, `order`); effectiveOrder() says whether this tab can have it. */
  sort: ArticleSort;
  order: SortOrder;
  /** The author filter: a user id, or null for everyone's. */
  author: string | null;
  /** Mine: the signed-in user's own articles (wins over `author`). */
  mine: boolean;
  /** Rows per page asked for in the URL (one of ARTICLE_PAGE_SIZES); null when the URL leaves it to the user's own. */
  limit: number | null;
}

const USER_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export type ArticlePageSize = (typeof ARTICLE_PAGE_SIZES)[number];
export const isPageSize = (value: unknown): value is ArticlePageSize =>
  (ARTICLE_PAGE_SIZES as readonly unknown[]).includes(value);

export const EMPTY_FILTERS: PanelFilters = { search: '', from: null, to: null, categories: [], type: null };

function parseStatus(raw: string | null): string {
  if (!raw) return '';
  if (raw === 'Publish' || raw === 'Published') return 'Publish';
  return (ARTICLE_STATUSES as readonly string[]).includes(raw) ? raw : '';
}

/** Reads the list's state from the URL; anything malformed is ignored rather than sent to the API. */
export function readListQuery(params: URLSearchParams): ListQuery {
  let from = parseDay(params.get('from'));
  let to = parseDay(params.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  const type = params.get('type');
  return {
    status: parseStatus(params.get('status')),
    search: readSearch(params),
    from: from ?? to,
    to: to ?? from,
    categories: readCategoryIds(params),
    type: (ARTICLE_TYPES as readonly string[]).includes(type ?? '') ? (type as ArticleType) : null,
    sort: oneOf(ARTICLE_SORTS, params.get('sort')) ?? DEFAULT_SORT,
    order: oneOf(SORT_ORDERS, params.get('order')) ?? DEFAULT_ORDER,
    author: USER_ID.test(params.get('author') ?? '') ? params.get('author') : null,
    mine: params.get('mine') === '1',
    limit: ((limit) => (isPageSize(limit) ? limit : null))(Number(params.get('limit'))),
  };
}

/** Whose articles the list shows: the viewer's for Mine, the picked author's, or undefined for everyone's. */
export const authorOf = (query: Pick<ListQuery, 'author' | 'mine'>, viewerId: string | undefined) =>
  (query.mine ? viewerId : query.author) ?? undefined;

const byAuthor = (query: Pick<ListQuery, 'author' | 'mine'>) => query.mine || query.author !== null;

const oneOf = <V extends string>(values: readonly V[], raw: string | null): V | undefined =>
  values.find((value) => value === raw);

/** The status a tab lists (`Publish` is Published); undefined for All. */
export function tabStatus(status: string): ArticleStatus | undefined {
  return status ? ((TAB_STATUS[status] ?? status) as ArticleStatus) : undefined;
}

/**
 * The order the list is read in: the URL's, unless this tab cannot have it (its index does not hold that order,
 * or a title search is on), then the default; `refusal` says why the URL's was set aside.
 */
export function effectiveOrder(query: ListQuery): { sort: ArticleSort; order: SortOrder; refusal: string | null } {
  const refusal = sortRefusal({
    sort: query.sort,
    order: query.order,
    status: tabStatus(query.status),
    searching: query.search !== '',
    author: byAuthor(query),
  });
  return refusal
    ? { sort: DEFAULT_SORT, order: DEFAULT_ORDER, refusal }
    : { sort: query.sort, order: query.order, refusal };
}

/** The orders the Sort control lists, as `sort:order`, with their labels. */
export const SORT_CHOICES: readonly { sort: ArticleSort; order: SortOrder; label: string }[] = [
  { sort: 'created', order: 'desc', label: 'Newest first' },
  { sort: 'created', order: 'asc', label: 'Oldest first' },
  { sort: 'updated', order: 'desc', label: 'Recently updated' },
  { sort: 'updated', order: 'asc', label: 'Least recently updated' },
  { sort: 'publishDate', order: 'asc', label: 'Publish date, soonest first' },
  { sort: 'publishDate', order: 'desc', label: 'Publish date, latest first' },
];

export const sortValue = (sort: ArticleSort, order: SortOrder) => `${sort}:${order}`;

/**
 * The Sort control's options on a tab: the orders its index cannot give are listed, disabled, saying where; an
 * author's list (the author filter, Mine) is by created date only.
 */
export function sortOptions(status: string, author = false) {
  const tab = tabStatus(status);
  return SORT_CHOICES.map(({ sort, order, label }) => ({
    value: sortValue(sort, order),
    label,
    unavailable: sortRefusal({ sort, order, status: tab, searching: false })
      ? sort === 'updated'
        ? 'All tab only'
        : 'Scheduled tab only'
      : author && sort !== DEFAULT_SORT
        ? 'Not for one author'
        : null,
  }));
}

/** Drops an order the list, as `next` asks for it, cannot have (its tab's index, or an author's listing). */
function withoutRefusedSort(next: URLSearchParams): URLSearchParams {
  const query = readListQuery(next);
  const refused = sortRefusal({
    sort: query.sort,
    order: query.order,
    status: tabStatus(query.status),
    searching: false,
    author: byAuthor(query),
  });
  if (refused) {
    next.delete('sort');
    next.delete('order');
  }
  return next;
}

/** The URL after picking an author (null: everyone's): Mine goes off, the page goes back to 1. */
export function withAuthor(current: URLSearchParams, author: string | null): URLSearchParams {
  return withoutRefusedSort(
    withFilterParams(current, { mine: null, author: author && USER_ID.test(author) ? author : null }),
  );
}

/** The URL after turning Mine on or off: a picked author goes, the page goes back to 1. */
export function withMine(current: URLSearchParams, mine: boolean): URLSearchParams {
  return withoutRefusedSort(withFilterParams(current, { author: null, mine: mine ? '1' : null }));
}

/**
 * The URL after picking the rows per page: `limit` (the default 10 left out), and the page that holds the row
 * the current page started with, so the reader stays where they were.
 */
export function withPageSize(current: URLSearchParams, size: ArticlePageSize, page: number, was: number) {
  const next = new URLSearchParams(current);
  if (size === ARTICLE_PAGE_SIZES[0]) next.delete('limit');
  else next.set('limit', String(size));
  const first = (page - 1) * was;
  const at = Math.floor(first / size) + 1;
  if (at > 1) next.set('page', String(at));
  else next.delete('page');
  return next;
}

/** The URL after picking an order (`updated:asc` …): defaults leave no trace, the page goes back to 1. */
export function withSort(current: URLSearchParams, value: string): URLSearchParams {
  const [sort, order] = value.split(':');
  return withFilterParams(current, {
    sort: sort === DEFAULT_SORT ? null : (oneOf(ARTICLE_SORTS, sort ?? null) ?? null),
    order: order === DEFAULT_ORDER ? null : (oneOf(SORT_ORDERS, order ?? null) ?? null),
  });
}

/** The URL after Apply (or Reset, with EMPTY_FILTERS): the tab stays, the page goes back to 1. */
export function withFilters(current: URLSearchParams, filters: PanelFilters): URLSearchParams {
  return withFilterParams(current, {
    search: searchParam(filters.search),
    // One picked day is a range of that day.
    from: filters.from ?? filters.to,
    to: filters.to ?? filters.from,
    categories: categoriesParam(filters.categories),
    type: filters.type,
  });
}

/** The URL after picking a tab: the filters stay, and the order if the tab can have it; the page goes back to 1. */
export function withStatus(current: URLSearchParams, status: string): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('page');
  if (status) next.set('status', status);
  else next.delete('status');
  return withoutRefusedSort(next);
}

/** How many of the panel's filters are in use (the Filters button shows it). */
export function activeFilterCount(query: PanelFilters): number {
  return [query.search !== '', query.from !== null, query.categories.length > 0, query.type !== null].filter(Boolean)
    .length;
}

/** What GET /cms is asked for: the picked days become instants in the viewer's own time zone. */
export function toArticleFilters(query: ListQuery, viewerId?: string): ArticleListFilters {
  const { sort, order } = effectiveOrder(query);
  return {
    author: authorOf(query, viewerId),
    sort: sort === DEFAULT_SORT ? undefined : sort,
    order: order === DEFAULT_ORDER ? undefined : order,
    status: query.status || undefined,
    search: query.search || undefined,
    from: query.from ? startOfDay(query.from) : undefined,
    to: query.to ? endOfDay(query.to) : undefined,
    categories: query.categories.length > 0 ? query.categories : undefined,
    type: query.type ?? undefined,
  };
}
