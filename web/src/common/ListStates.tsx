import { Button, Center, Group, type GroupProps, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SmallButton } from './SmallButton';

/** A table row spanning every column, for the loading, empty and failed states of a list. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan} py={40}>
        <Center>{children}</Center>
      </Table.Td>
    </Table.Tr>
  );
}

/** The same message as a card, for the narrow (card) layout of a list. */
export function CardMessage({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" py={40} px="md">
      <Center>{children}</Center>
    </Paper>
  );
}

export function ListLoading({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

interface ListRetryProps {
  onRetry: () => void;
  busy?: boolean;
  /** What could not be loaded. */
  message?: string;
  /** Where the button sits: beside the message, or (space-between) at the far end. */
  justify?: GroupProps['justify'];
}

/**
 * CONTRACT.md §8: list errors are only logged (the SWR config does that). So the page is not blank, a quiet line
 * offers to try again.
 */
export function ListRetry({ onRetry, busy, message = 'The list could not be loaded.', justify }: ListRetryProps) {
  return (
    <Group gap="sm" justify={justify}>
      <Text size="sm" c="dimmed">
        {message}
      </Text>
      <SmallButton variant="light" icon={IconRefresh} onClick={onRetry} loading={busy}>
        Try again
      </SmallButton>
    </Group>
  );
}

export function ListEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap={4}>
      <Text fw={600}>{title}</Text>
      {children && (
        <Text size="sm" c="dimmed" ta="center">
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** Nothing matches the filters in use: say so, and offer to drop them. */
export function ListNoMatch({
  title,
  resetLabel = 'Reset filters',
  onReset,
}: {
  title: string;
  resetLabel?: string;
  onReset: () => void;
}) {
  return (
    <ListEmpty title={title}>
      <Button variant="light" size="compact-sm" mt={6} onClick={onReset}>
        {resetLabel}
      </Button>
    </ListEmpty>
  );
}

/** A list's SWR state, as listStateMessage reads it. */
export interface ListLoad {
  data?: { list: readonly unknown[] };
  error?: unknown;
  isLoading: boolean;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

/**
 * What a list shows in place of its rows (RecordList's `state`): nothing while there are rows; else a way to try
 * again after a failure, the loading line, or `empty` once the list has loaded empty.
 */
export function listStateMessage(load: ListLoad, loadingLabel: string, empty: ReactNode): ReactNode {
  if (load.data && load.data.list.length > 0) return null;
  if (load.error) return <ListRetry onRetry={() => void load.mutate()} busy={load.isValidating} />;
  if (load.isLoading || !load.data) return <ListLoading label={loadingLabel} />;
  return empty;
}
