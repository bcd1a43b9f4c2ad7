import { Collapse, Group, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import type { ScreenProps } from '../app/screen';
import { DatesCell } from '../common/DatesCell';
import { FiltersButton } from '../common/FilterPanel';
import { ListNoMatch } from '../common/ListStates';
import { NameText } from '../common/list/cells';
import { ListPage } from '../common/list/ListPage';
import { useListScreen } from '../common/list/use-list-screen';
import { EditRowAction } from '../common/RowAction';
import { TruncatedText } from '../common/TruncatedText';
import { TrashLink } from '../common/trash/TrashLink';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { useNow } from '../common/use-now';
import { AdRunBadge } from './ad-status';
import { type AdvertisementRow, useAdvertisements } from './api';
import { AdFilterPanel } from './list/AdFilterPanel';
import { activeFilterCount, EMPTY_FILTERS, readAdListQuery, toAdFilters, withFilters } from './list/list-query';
import { POSITION_LABELS } from './positions';

const count = new Intl.NumberFormat('en-GB');

function ImpressionsCell({ ad }: { ad: AdvertisementRow }) {
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm">
        {count.format(ad.views)} / {count.format(ad.clicks)}
      </Text>
      <Text size="xs" c="dimmed">
        max {count.format(ad.maxImpressionAllowed)}
      </Text>
    </div>
  );
}

/**
 * Whose ad and where it shows: the client, its position and, when it is also on the home page, a line saying so with
 * the home icon. One column for all three: with a column each, Actions was pushed out of the table at 1440 px.
 */
function PlacementCell({ ad }: { ad: AdvertisementRow }) {
  return (
    <div>
      <TruncatedText width={150}>{ad.client.name}</TruncatedText>
      <Text size="xs" c="dimmed">
        {POSITION_LABELS[ad.position]}
      </Text>
      {ad.isFeatured && (
        <Group gap={4} wrap="nowrap">
          <IconHome size={14} color="var(--mantine-color-brand-6)" aria-hidden />
          <Text size="xs" c="dimmed">
            Show in Home
          </Text>
        </Group>
      )}
    </div>
  );
}

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
      emptyTitle="No advertisements yet"
      emptyHint={canCreate ? 'Add the first one with Add Advertisement.' : 'Nobody has added an advertisement yet.'}
      label="Advertisements"
      minWidth={1000}
      rowActions={rowActions}
      columns={[
        {
          header: 'Title',
          miw: 180,
          render: (ad) => (
            <Stack gap={4} align="flex-start">
              <NameText>{ad.title}</NameText>
              <AdRunBadge ad={ad} now={now} />
              {ad.categories.length > 0 && (
                <TruncatedText size="xs" c="dimmed" width="fill">
                  {ad.categories.map((category) => category.name).join(', ')}
                </TruncatedText>
              )}
            </Stack>
          ),
        },
        { header: 'Client · Position', fit: true, render: (ad) => <PlacementCell ad={ad} /> },
        {
          header: 'Runs',
          fit: true,
          render: (ad) => (
            <DatesCell
              lines={[
                { label: 'From', iso: ad.startDate },
                { label: 'To', iso: ad.endDate },
              ]}
            />
          ),
        },
        { header: 'Views / Clicks', render: (ad) => <ImpressionsCell ad={ad} /> },
        {
          // Who added it, and when, in one column: the table keeps its room for the titles.
          header: 'Added By',
          fit: true,
          render: (ad) => (
            <>
              <TruncatedText width={150}>{ad.user.name || '—'}</TruncatedText>
              <DatesCell
                lines={[
                  { label: 'Created', iso: ad.createdAt },
                  { label: 'Updated', iso: ad.updatedAt },
                ]}
              />
            </>
          ),
        },
      ]}
      card={{
        title: (ad) => ad.title,
        badge: (ad) => <AdRunBadge ad={ad} now={now} />,
        lines: (ad) => (
          <>
            <div>
              {ad.client.name} · {POSITION_LABELS[ad.position]}
              {ad.isFeatured ? ' · Show in Home' : ''}
            </div>
            <div>
              {formatDateTime(ad.startDate)} → {formatDateTime(ad.endDate)}
            </div>
            <div>
              {count.format(ad.views)} of {count.format(ad.maxImpressionAllowed)} views · {count.format(ad.clicks)}{' '}
              clicks
            </div>
            <div>Added by {ad.user.name || '—'}</div>
            <div>Created {formatDateTime(ad.createdAt)}</div>
            <div>Updated {formatDateTime(ad.updatedAt)}</div>
          </>
        ),
      }}
      paging={paging}
      pageSize={SHARED_PAGE_SIZE}
    >
      {remove.dialog}
    </ListPage>
  );
}
