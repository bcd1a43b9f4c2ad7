import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { CardMessage, TableMessageRow } from './ListStates';
import { useIsNarrow } from './use-narrow';

export interface Column<T> {
  header: string;
  miw?: number;
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
  actions: (row: T) => ReactNode;
  /** On narrow windows each row is a card: a title, a badge and lines under them. */
  card: { title: (row: T) => ReactNode; badge?: (row: T) => ReactNode; lines: (row: T) => ReactNode };
}

/** A list screen's records: a table on wide windows, cards on narrow ones, with one row-action group. */
export function RecordList<T extends { _id: string }>(props: RecordListProps<T>) {
  const narrow = useIsNarrow();
  const { label, rows, state, columns, minWidth, actions, card } = props;

  if (narrow) {
    return (
      <Stack gap="sm" aria-label={label} role="list">
        {state ? (
          <CardMessage>{state}</CardMessage>
        ) : (
          rows.map((row) => (
            <Paper key={row._id} withBorder radius="md" p="md" role="listitem">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} component="div" style={{ overflowWrap: 'anywhere' }}>
                  {card.title(row)}
                </Text>
                {card.badge?.(row)}
              </Group>
              <Text size="sm" c="dimmed" mt={4} component="div" style={{ overflowWrap: 'anywhere' }}>
                {card.lines(row)}
              </Text>
              <Group gap={4} mt="sm" ml={-8} wrap="wrap">
                {actions(row)}
              </Group>
            </Paper>
          ))
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p={0}>
      <Table.ScrollContainer type="native" minWidth={minWidth}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} miw={column.miw}>
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state ? (
              <TableMessageRow colSpan={columns.length + 1}>{state}</TableMessageRow>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row._id}>
                  {columns.map((column) => (
                    <Table.Td key={column.header} style={column.style}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      {actions(row)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
