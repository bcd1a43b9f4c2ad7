import { Stack, Text } from '@mantine/core';
import type { ArticleSort } from '../../../../shared/article-sort';
import { formatDateTime } from '../../../../shared/format';
import { type DateLine, DatesCell } from '../../common/DatesCell';
import type { Column, RecordListProps } from '../../common/RecordList';
import { TruncatedText } from '../../common/TruncatedText';
import type { ArticleRow } from '../api';
import { ArticleStatusBadge, PendingChangesBadge } from './ArticleStatusBadge';

const titleOf = (row: ArticleRow) => row.title || 'Untitled';

/** What the publish date is to the row: done, to come, or only a date the article carries. */
const PUBLISH_DATE_LABEL: Partial<Record<ArticleRow['status'], string>> = {
  Published: 'Published',
  Scheduled: 'Publishes',
};

/** The URL as readers see it: `/राज्य-सरकार…` rather than its percent-encoding. */
export function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
const categoriesOf = (row: ArticleRow) => row.categories.map((category) => category.name).join(', ');

/** The dates of a row, one line each; the one the list is sorted by in bold. */
function dateLines(row: ArticleRow, sortedBy: ArticleSort): DateLine[] {
  return [
    { label: 'Created', iso: row.createdAt, strong: sortedBy === 'created' },
    { label: 'Updated', iso: row.updatedAt, strong: sortedBy === 'updated' },
    {
      label: PUBLISH_DATE_LABEL[row.status] ?? 'Publish date',
      iso: row.publishDate,
      strong: sortedBy === 'publishDate',
    },
  ];
}

/** Compact's one date, named in its column's header rather than on every row. */
const SORTED_DATE_HEADER: Record<ArticleSort, string> = {
  created: 'Created',
  updated: 'Updated',
  publishDate: 'Publish date',
};

/**
 * The headline (it wraps, and takes the room), its URL and categories under it on one line each, cut if long.
 * Compact keeps the headline and the Unpublished changes mark: the URL and categories are a click away (Edit).
 */
function TitleCell({ row, compact }: { row: ArticleRow; compact?: boolean }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'break-word' }}>
        {titleOf(row)}
      </Text>
      {row.pendingChanges && (
        <div>
          <PendingChangesBadge pendingChanges={row.pendingChanges} />
        </div>
      )}
      {!compact && (
        <>
          <TruncatedText size="xs" ff="monospace" c="dimmed" width="fill">
            {readableUrl(row.url)}
          </TruncatedText>
          {row.categories.length > 0 && (
            <TruncatedText size="xs" c="dimmed" width="fill">
              {categoriesOf(row)}
            </TruncatedText>
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * The article list's columns at a width where headlines come first: Title (with its URL), Type, Status, Author,
 * and the dates in one compact column. Everything but the title is as wide as its content. `compact` (the list's
 * Compact density) keeps one line of each where it can: the headline alone, and only the date the list is sorted by.
 */
export function articleColumns(now: Date, sortedBy: ArticleSort, compact = false): Column<ArticleRow>[] {
  // Compact: the header names the date, so each row's is the date alone and the headline gets the room the label
  // took ("Created " on fifty rows).
  const dates: Column<ArticleRow> = compact
    ? {
        header: SORTED_DATE_HEADER[sortedBy],
        fit: true,
        render: (row) => {
          const iso = dateLines(row, sortedBy).find((line) => line.strong)?.iso;
          return iso ? (
            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={iso}>{formatDateTime(iso)}</time>
            </Text>
          ) : null;
        },
      }
    : { header: 'Dates', fit: true, render: (row) => <DatesCell lines={dateLines(row, sortedBy)} /> };
  return [
    { header: 'Title', miw: 240, render: (row) => <TitleCell row={row} compact={compact} /> },
    { header: 'Type', fit: true, render: (row) => <Text size="sm">{row.type}</Text> },
    {
      header: 'Status',
      fit: true,
      render: (row) => <ArticleStatusBadge status={row.status} publishDate={row.publishDate} now={now} />,
    },
    {
      header: 'Author',
      fit: true,
      render: (row) => (
        <TruncatedText size="sm" width={130}>
          {row.user?.name ?? '—'}
        </TruncatedText>
      ),
    },
    dates,
  ];
}

/**
 * The same rules on a phone's cards: the headline wraps, the URL and categories are cut, the dates one a line;
 * compact cards keep the type, the author and the date the list is sorted by.
 */
export function articleCard(now: Date, sortedBy: ArticleSort, compact = false): RecordListProps<ArticleRow>['card'] {
  return {
    title: titleOf,
    badge: (row) => (
      <ArticleStatusBadge
        status={row.status}
        publishDate={row.publishDate}
        now={now}
        align="flex-end"
        pendingChanges={row.pendingChanges}
      />
    ),
    lines: (row) =>
      compact ? (
        <Stack gap={0}>
          <div>
            {row.type} · {row.user?.name ?? 'No author'}
          </div>
          <DatesCell lines={dateLines(row, sortedBy).filter((line) => line.strong)} />
        </Stack>
      ) : (
        <Stack gap={2}>
          <TruncatedText size="xs" ff="monospace" c="dimmed">
            {readableUrl(row.url)}
          </TruncatedText>
          <div>
            {row.type} · {row.user?.name ?? 'No author'}
          </div>
          {row.categories.length > 0 && (
            <TruncatedText size="sm" c="dimmed">
              {categoriesOf(row)}
            </TruncatedText>
          )}
          <DatesCell lines={dateLines(row, sortedBy)} />
        </Stack>
      ),
  };
}
