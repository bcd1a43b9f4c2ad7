import { Collapse, Group, Switch } from '@mantine/core';
import { ARTICLE_RESOURCE, canAccess } from '../../../../shared/permissions';
import { FiltersButton } from '../../common/FilterPanel';
import { SortSelect } from '../../common/list/SortSelect';
import { ArticleFilterPanel } from './ArticleFilterPanel';
import { ArticleTabs } from './ArticleTabs';
import { AuthorFilter } from './AuthorFilter';
import { sortOptions, sortValue } from './list-query';
import type { ArticleListView } from './use-article-list-view';

/** Why the Sort control is off while a title search is on. */
const SEARCH_ORDER_NOTE = 'Search results are listed newest first';

interface ArticleListFiltersProps {
  view: ArticleListView;
  narrow: boolean;
  filtersOpen: boolean;
  onToggleFilters: () => void;
}

/** Above the article list: the tabs, the author, order and density, the Filters button and its folding panel. */
export function ArticleListFilters({ view, narrow, filtersOpen, onToggleFilters }: ArticleListFiltersProps) {
  const { query, counts, author, filterCount } = view;
  const filtersButton = (
    <FiltersButton
      open={filtersOpen}
      count={filterCount + (author === undefined ? 0 : 1)}
      onToggle={onToggleFilters}
      controls="article-filters"
    />
  );
  return (
    <>
      <Group
        justify="space-between"
        align="flex-end"
        gap="sm"
        mb={narrow ? 'xs' : 'md'}
        wrap={narrow ? 'nowrap' : 'wrap'}
      >
        <ArticleTabs status={query.status} counts={counts.data} onPick={view.pickTab} compact={narrow} />
        {narrow ? (
          filtersButton
        ) : (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ArticleViewControls view={view} />
            {filtersButton}
          </Group>
        )}
      </Group>

      <Collapse expanded={filtersOpen} id="article-filters">
        {narrow && (
          <Group gap="sm" align="flex-end" wrap="wrap" mb="sm">
            <ArticleViewControls view={view} />
          </Group>
        )}
        <ArticleFilterPanel
          // A filter change from outside the panel (Back, a link, Reset in the empty state) starts it afresh.
          key={JSON.stringify([query.search, query.from, query.to, query.categories, query.type])}
          applied={query}
          onApply={view.applyFilters}
          onReset={view.resetFilters}
        />
      </Collapse>
    </>
  );
}

/**
 * The author, the order and the density: beside the tabs on a wide screen; on a phone inside the folded panel, so
 * the first story shows on the first screen.
 */
function ArticleViewControls({ view }: { view: ArticleListView }) {
  const { viewer, query, order, author, articles, compact } = view;
  return (
    <>
      <AuthorFilter
        author={query.author}
        authorName={articles.data?.list.find((row) => row.user?._id === query.author)?.user?.name}
        mine={query.mine}
        canPickAuthor={
          canAccess(viewer, 'User', ['Read', 'Edit']) ||
          canAccess(viewer, ARTICLE_RESOURCE, ['Write', 'Edit', 'EditOwn'])
        }
        onAuthor={view.pickAuthor}
        onMine={view.pickMine}
      />
      <SortSelect
        value={sortValue(order.sort, order.order)}
        options={sortOptions(query.status, author !== undefined)}
        onChange={view.pickSort}
        disabledReason={query.search ? SEARCH_ORDER_NOTE : null}
      />
      <Switch
        label="Compact"
        checked={compact}
        onChange={(event) => view.setDensity(event.currentTarget.checked ? 'compact' : 'comfortable')}
        mb={8}
      />
    </>
  );
}
