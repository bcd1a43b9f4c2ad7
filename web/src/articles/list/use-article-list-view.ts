import { useSearchParams } from 'react-router-dom';
import { ARTICLE_PAGE_SIZES } from '../../../../shared/constants';
import { useListPreference } from '../../common/list/list-preferences';
import { usePageParam } from '../../common/use-page';
import { useSession } from '../../session/session-context';
import { useArticleCounts, useArticleList } from './list-api';
import {
  type ArticlePageSize,
  activeFilterCount,
  authorOf,
  EMPTY_FILTERS,
  effectiveOrder,
  isPageSize,
  readListQuery,
  toArticleFilters,
  withAuthor,
  withFilters,
  withMine,
  withPageSize,
  withSort,
  withStatus,
} from './list-query';

const DENSITIES = ['comfortable', 'compact'] as const;

/**
 * What the article list shows, read from the URL and the user's stored choices: tab, filters, author, order, page,
 * rows per page and density; the reads of the list and its tab counts; and what changes each of them.
 */
export function useArticleListView() {
  const { user: viewer } = useSession();
  const [params, setParams] = useSearchParams();
  const paging = usePageParam();
  const query = readListQuery(params);
  const order = effectiveOrder(query);
  const filterCount = activeFilterCount(query);
  // Rows per page: the URL's, else the size this user last picked (list-preferences.ts says why in the browser).
  const [storedSize, storeSize] = useListPreference<ArticlePageSize>(
    'articles',
    'pageSize',
    viewer?._id,
    ARTICLE_PAGE_SIZES,
    ARTICLE_PAGE_SIZES[0],
  );
  const pageSize = query.limit ?? storedSize;
  const [density, setDensity] = useListPreference('articles', 'density', viewer?._id, DENSITIES, 'comfortable');
  const compact = density === 'compact';
  const author = authorOf(query, viewer?._id);
  const articles = useArticleList(paging[0], toArticleFilters(query, viewer?._id), pageSize);
  const counts = useArticleCounts(author);

  const applyFilters = (filters: typeof EMPTY_FILTERS) => setParams((current) => withFilters(current, filters));
  const resetFilters = () => setParams((current) => withFilters(current, EMPTY_FILTERS));
  const pickTab = (status: string) => setParams((current) => withStatus(current, status));
  const pickSort = (value: string) => setParams((current) => withSort(current, value));
  const pickAuthor = (id: string | null) => setParams((current) => withAuthor(current, id));
  const pickMine = (mine: boolean) => setParams((current) => withMine(current, mine));
  const pickPageSize = (size: number) => {
    if (!isPageSize(size)) return;
    storeSize(size);
    setParams((current) => withPageSize(current, size, paging[0], pageSize));
  };
  const resetAll = () => setParams((current) => withMine(withAuthor(withFilters(current, EMPTY_FILTERS), null), false));

  return {
    ...{ viewer, paging, query, order, filterCount, pageSize, compact, setDensity, author, articles, counts },
    ...{ applyFilters, resetFilters, pickTab, pickSort, pickAuthor, pickMine, pickPageSize, resetAll },
  };
}

export type ArticleListView = ReturnType<typeof useArticleListView>;
