import { Stack } from '@mantine/core';
import { formatDateTime } from '../../../shared/format';
import type { EpaperStatus } from '../../../shared/schemas/epaper';
import { DatesCell } from '../common/DatesCell';
import { NameText } from '../common/list/cells';
import type { Column, RecordListProps } from '../common/RecordList';
import { WholeBadge } from '../common/StatusBadge';
import { TruncatedText } from '../common/TruncatedText';
import type { EpaperRow } from './api';

function EpaperStatusBadge({ status }: { status: EpaperStatus }) {
  return <WholeBadge color={status === 'Published' ? 'green' : 'gray'}>{status}</WholeBadge>;
}

/** The edition list's table columns. */
export const EPAPER_COLUMNS: Column<EpaperRow>[] = [
  {
    header: 'Title',
    miw: 240,
    render: (row) => (
      <Stack gap={2}>
        <NameText>{row.title}</NameText>
        <TruncatedText size="xs" ff="monospace" c="dimmed" width="fill">
          {row.url}
        </TruncatedText>
      </Stack>
    ),
  },
  {
    header: 'Author Name',
    fit: true,
    render: (row) => <TruncatedText width={160}>{row.user.name || '—'}</TruncatedText>,
  },
  { header: 'Status', fit: true, render: (row) => <EpaperStatusBadge status={row.status} /> },
  {
    header: 'Dates',
    fit: true,
    render: (row) => (
      <DatesCell
        lines={[
          { label: row.status === 'Published' ? 'Published' : 'Publish date', iso: row.publishDate },
          { label: 'Created', iso: row.createdAt },
          { label: 'Updated', iso: row.updatedAt },
        ]}
      />
    ),
  },
];

/** An edition as a card on a narrow screen. */
export const EPAPER_CARD: RecordListProps<EpaperRow>['card'] = {
  title: (row) => row.title,
  badge: (row) => <EpaperStatusBadge status={row.status} />,
  lines: (row) => (
    <>
      <div>{row.user.name || 'No author'}</div>
      <TruncatedText size="xs" ff="monospace">
        {row.url}
      </TruncatedText>
      <div>Published {formatDateTime(row.publishDate)}</div>
      <div>Created {formatDateTime(row.createdAt)}</div>
      <div>Updated {formatDateTime(row.updatedAt)}</div>
    </>
  ),
};
