import { Collapse } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import type { ScreenProps } from '../app/screen';
import { FiltersButton } from '../common/FilterPanel';
import { ListNoMatch } from '../common/ListStates';
import { ListPage } from '../common/list/ListPage';
import { useListScreen } from '../common/list/use-list-screen';
import { EditRowAction } from '../common/RowAction';
import { TrashLink } from '../common/trash/TrashLink';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { useNow } from '../common/use-now';
import { type AdvertisementRow, useAdvertisements } from './api';
import { AdFilterPanel } from './list/AdFilterPanel';
import { adCard, adColumns } from './list/ad-columns';
import { activeFilterCount, EMPTY_FILTERS, readAdListQuery, toAdFilters, withFilters } from './list/list-query';

/**
 * CONTRACT.md §2 Advertisement Management: Add Advertisement, a filter toggle (search, categories, a day the ad runs
 * on), the ads with who added them and their dates, Edit, and a pager. Filters and page live in the URL.
 */
export function ManageAdvertisementPage({ title }: ScreenProps) {
  const { paging, canCreate, noEdit } = useListScreen('Advertisement', 'advertisements');
  const [params, setParams] = useSearchParams();
  const query = readAdListQuery(params);
  const filterCount = activeFilterCount(query);
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);
  const ads = useAdvertisements(paging[0], toAdFilters(query));
  const now = useNow();
  const remove = useRemoveAction('Advertisement', (ad: AdvertisementRow) => ad.title);

  const applyFilters = (filters: typeof EMPTY_FILTERS) => setParams((current) => withFilters(current, filters));
  const resetFilters = () => setParams((current) => withFilters(current, EMPTY_FILTERS));

  const rowActions = (ad: AdvertisementRow) => (
    <>
      <EditRowAction name={ad.title} to={`/advertisement/edit/${encodeURIComponent(ad._id)}`} disabledReason={noEdit} />
      {remove.action(ad)}
    </>
  );

  return (
    <ListPage
      title={title}
      actions={
        <>
          <TrashLink resource="Advertisement" listPath="/advertisement" />
          <FiltersButton
            open={filtersOpen}
            count={filterCount}
            onToggle={() => setFiltersOpen((open) => !open)}
            controls="advertisement-filters"
          />
        </>
      }
      create={canCreate && { label: 'Add Advertisement', to: '/advertisement/create' }}
      filters={
        <Collapse expanded={filtersOpen} id="advertisement-filters">
          <AdFilterPanel
            // A filter change from outside the panel (Back, a link, Reset in the empty state) starts it afresh.
            key={JSON.stringify([query.search, query.categories, query.date])}
            applied={query}
            onApply={applyFilters}
            onReset={resetFilters}
          />
        </Collapse>
      }
      load={ads}
      noMatch={filterCount > 0 && <ListNoMatch title="No advertisements match these filters" onReset={resetFilters} />}
      emptyHint={canCreate ? 'Add the first one with Add Advertisement.' : 'Nobody has added an advertisement yet.'}
      label="Advertisements"
      minWidth={1000}
      rowActions={rowActions}
      columns={adColumns(now)}
      card={adCard(now)}
      paging={paging}
      pageSize={SHARED_PAGE_SIZE}
    >
      {remove.dialog}
    </ListPage>
  );
}
