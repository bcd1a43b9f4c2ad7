import { Group, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { formatDateTime } from '../../../../shared/format';
import { DatesCell } from '../../common/DatesCell';
import { NameText } from '../../common/list/cells';
import type { Column, RecordListProps } from '../../common/RecordList';
import { TruncatedText } from '../../common/TruncatedText';
import { AdRunBadge } from '../ad-status';
import type { AdvertisementRow } from '../api';
import { POSITION_LABELS } from '../positions';

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

/** The ad list's table columns; `now` decides each ad's run badge. */
export const adColumns = (now: Date): Column<AdvertisementRow>[] => [
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
];

/** An ad as a card on a narrow screen: the same facts, one line each. */
export const adCard = (now: Date): RecordListProps<AdvertisementRow>['card'] => ({
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
        {count.format(ad.views)} of {count.format(ad.maxImpressionAllowed)} views · {count.format(ad.clicks)} clicks
      </div>
      <div>Added by {ad.user.name || '—'}</div>
      <div>Created {formatDateTime(ad.createdAt)}</div>
      <div>Updated {formatDateTime(ad.updatedAt)}</div>
    </>
  ),
});
