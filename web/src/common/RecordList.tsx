import { Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { CardMessage, TableMessageRow } from './ListStates';
import type { RowSelection } from './list/use-selection';
import { useIsNarrow } from './use-narrow';

export interface Column<T> {
  header: string;
  miw?: number;
  /** As wide as its content and no wider (dates, a badge, a type): the other columns get the room left. */
  fit?: boolean;
  style?: CSSProperties;
  render: (row: T) => ReactNode;
}

export interface RecordListProps<T extends { _id: string }> {
  /** The accessible name of the list, e.g. 'Roles'. */
  label: string;
  rows: readonly T[];
  /** Loading, empty or failed: shown instead of the rows. */
  state: ReactNode;
  columns: readonly Column<T>[];
  /** The table's narrowest width before it scrolls sideways. */
  minWidth: number;
  /** The row's actions; a list without any has no Actions column. */
  actions?: (row: T) => ReactNode;
  /** On narrow windows each row is a card: a title, a badge and lines under them. */
  card: { title: (row: T) => ReactNode; badge?: (row: T) => ReactNode; lines: (row: T) => ReactNode };
  /** Check boxes on the rows (and one for the whole page) for bulk actions. */
  selection?: RowSelection<T>;
  /** What a row unfolds under itself (the audit's changes), or null. */
  expanded?: (row: T) => ReactNode;
  /** Tighter rows and cards, so more of them fit a screen (the article list's Compact). */
  compact?: boolean;
}

const FIT: CSSProperties = { width: '1%', whiteSpace: 'nowrap' };
// Light enough that the light badges on a picked row keep their colour.
const SELECTED_BG = 'color-mix(in srgb, var(--mantine-primary-color-filled) 8%, transparent)';

function PageCheckbox<T>({ selection, withLabel }: { selection: RowSelection<T>; withLabel?: boolean }) {
  return (
    <Checkbox
      label={withLabel ? 'Select all on this page' : undefined}
      aria-label={withLabel ? undefined : 'Select all on this page'}
      checked={selection.page === 'all'}
      indeterminate={selection.page === 'some'}
      onChange={selection.togglePage}
    />
  );
}

function RowCheckbox<T>({ selection, row }: { selection: RowSelection<T>; row: T }) {
  return (
    <Checkbox
      aria-label={`Select ${selection.nameOf(row)}`}
      checked={selection.isSelected(row)}
      onChange={() => selection.toggle(row)}
    />
  );
}

/** A list screen's records: a table on wide windows, cards on narrow ones, with one row-action group. */
export function RecordList<T extends { _id: string }>(props: RecordListProps<T>) {
  const narrow = useIsNarrow();
  return narrow ? <RecordCards {...props} /> : <RecordTable {...props} />;
}

/** On a narrow window: the page checkbox, then each record as a card. */
function RecordCards<T extends { _id: string }>(props: RecordListProps<T>) {
  const { label, rows, state, selection } = props;
  return (
    <Stack gap="sm">
      {selection && !state && rows.length > 1 && (
        <Group px="md">
          <PageCheckbox selection={selection} withLabel />
        </Group>
      )}
      {state ? (
        <CardMessage>{state}</CardMessage>
      ) : (
        // Only the cards are the list's items (the page checkbox and a message stand outside it).
        <Stack gap="sm" aria-label={label} role="list">
          {rows.map((row) => (
            <RecordCard key={row._id} {...props} row={row} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One record as a card: its check box and title, its badge, its lines, what it unfolds, its actions. */
function RecordCard<T extends { _id: string }>(props: RecordListProps<T> & { row: T }) {
  const { row, actions, card, selection, expanded, compact } = props;
  const more = expanded?.(row);
  return (
    <Paper
      withBorder
      radius="md"
      p={compact ? 'xs' : 'md'}
      role="listitem"
      bg={selection?.isSelected(row) ? SELECTED_BG : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0} style={{ flex: 1 }}>
          {selection && (
            <div style={{ paddingTop: 1 }}>
              <RowCheckbox selection={selection} row={row} />
            </div>
          )}
          <Text size="sm" fw={600} component="div" miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
            {card.title(row)}
          </Text>
        </Group>
        {card.badge?.(row)}
      </Group>
      <Text size="sm" c="dimmed" mt={4} component="div" style={{ overflowWrap: 'anywhere' }}>
        {card.lines(row)}
      </Text>
      {more && (
        <Paper bg="var(--app-surface-subtle)" p="sm" mt="xs" radius="sm" shadow="none">
          {more}
        </Paper>
      )}
      {actions && (
        <Group gap={4} mt={compact ? 4 : 'sm'} ml={-8} wrap="wrap">
          {actions(row)}
        </Group>
      )}
    </Paper>
  );
}

/** On a wide window: a table, its header with the page checkbox and Actions, a row (and what it unfolds) a record. */
function RecordTable<T extends { _id: string }>(props: RecordListProps<T>) {
  const { label, rows, state, columns, minWidth, actions, selection, compact } = props;
  const columnCount = columns.length + (actions ? 1 : 0) + (selection ? 1 : 0);
  return (
    <Paper withBorder radius="md" p={0}>
      <Table.ScrollContainer type="native" minWidth={minWidth}>
        <Table
          verticalSpacing={compact ? 4 : 'sm'}
          horizontalSpacing="sm"
          highlightOnHover
          aria-label={label}
          data-density={compact ? 'compact' : undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th style={FIT}>{rows.length > 0 && !state && <PageCheckbox selection={selection} />}</Table.Th>
              )}
              {columns.map((column) => (
                <Table.Th key={column.header} miw={column.miw} style={column.fit ? FIT : undefined}>
                  {column.header}
                </Table.Th>
              ))}
              {actions && (
                <Table.Th ta="right" style={FIT}>
                  Actions
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state ? (
              <TableMessageRow colSpan={columnCount}>{state}</TableMessageRow>
            ) : (
              rows.map((row) => <RecordRow key={row._id} {...props} row={row} columnCount={columnCount} />)
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** One record's table row, and under it the row it unfolds, if any. */
function RecordRow<T extends { _id: string }>(props: RecordListProps<T> & { row: T; columnCount: number }) {
  const { row, columns, actions, selection, expanded, columnCount } = props;
  const more = expanded?.(row);
  return (
    <>
      <Table.Tr bg={selection?.isSelected(row) ? SELECTED_BG : undefined}>
        {selection && (
          <Table.Td style={{ ...FIT, verticalAlign: 'top' }}>
            <RowCheckbox selection={selection} row={row} />
          </Table.Td>
        )}
        {columns.map((column) => (
          <Table.Td
            key={column.header}
            style={{ verticalAlign: 'top', ...(column.fit ? FIT : undefined), ...column.style }}
          >
            {column.render(row)}
          </Table.Td>
        ))}
        {actions && (
          <Table.Td style={{ ...FIT, verticalAlign: 'top' }}>
            <Group gap={2} wrap="nowrap" justify="flex-end">
              {actions(row)}
            </Group>
          </Table.Td>
        )}
      </Table.Tr>
      {more && (
        <Table.Tr bg="var(--app-surface-subtle)">
          <Table.Td colSpan={columnCount} px="lg" py="md">
            {more}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
