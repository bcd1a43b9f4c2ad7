import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { NoteField, noteBlock } from '../NoteField';
import { WholeBadge } from '../StatusBadge';
import {
  type BulkAction,
  type BulkOutcome,
  type BulkResult,
  bulkSummary,
  resultsInOrder,
  skippedReasons,
  splitRows,
} from './bulk';

const OUTCOME: Record<BulkOutcome, { color: string; icon: typeof IconCheck; word: (done: string) => string }> = {
  done: { color: 'green', icon: IconCheck, word: (done) => done },
  refused: { color: 'red', icon: IconX, word: () => 'Refused' },
  skipped: { color: 'gray', icon: IconMinus, word: () => 'Skipped' },
};

interface BulkConfirmProps<T> {
  action: BulkAction<T>;
  selected: readonly T[];
  note: string;
  onNote: (note: string) => void;
  running: boolean;
  onCancel: () => void;
  onRun: () => void;
}

/** Before a run: the action's question and warning, its note when it asks one, what it skips, Cancel and go. */
export function BulkConfirm<T>({ action, selected, note, onNote, running, onCancel, onRun }: BulkConfirmProps<T>) {
  const applyTo = splitRows(action, selected).apply;
  const warning = action.warning?.(applyTo) ?? null;
  const blocked = action.asksNote ? noteBlock(note) : null;
  return (
    <Stack gap="xs">
      <Text size="sm">{action.question(applyTo.length)}</Text>
      {warning && (
        <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}>
          <Text size="sm">{warning}</Text>
        </Alert>
      )}
      {action.asksNote && <NoteField ask={action.asksNote} value={note} onChange={onNote} />}
      <SkipNote reasons={skippedReasons(action, selected)} of={selected.length} />
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={running}>
          Cancel
        </Button>
        <Button
          color={action.danger ? 'red' : action.color}
          loading={running}
          disabled={blocked !== null}
          title={blocked ?? undefined}
          onClick={onRun}
          data-autofocus={action.asksNote ? undefined : true}
        >
          {action.label}
        </Button>
      </Group>
    </Stack>
  );
}

/** Before a run: how many of the picked rows the action skips, and why. */
function SkipNote({ reasons, of }: { reasons: { reason: string; count: number }[]; of: number }) {
  const skipped = reasons.reduce((sum, { count }) => sum + count, 0);
  if (skipped === 0) return null;
  return (
    <div>
      <Text size="sm" c="dimmed">
        {skipped} of the {of} selected {skipped === 1 ? 'is' : 'are'} skipped:
      </Text>
      <List size="sm" c="dimmed" withPadding>
        {reasons.map(({ reason, count }) => (
          <List.Item key={reason}>
            {reason}
            {count > 1 ? ` (${count})` : ''}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

interface BulkResultsProps<T> {
  action: BulkAction<T>;
  results: BulkResult<T>[];
  nameOf: (row: T) => string;
  onClose: () => void;
}

/** Each row's result, in the order they were listed, under a one-line summary. */
export function BulkResults<T extends { _id: string }>({ action, results, nameOf, onClose }: BulkResultsProps<T>) {
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600} role="status">
        {bulkSummary(results, action.done)}
      </Text>
      <Stack gap={6} component="ul" aria-label="Results" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {resultsInOrder(results).map((result) => {
          const shown = OUTCOME[result.outcome];
          const Icon = shown.icon;
          return (
            <Paper key={result.row._id} component="li" withBorder radius="sm" px="sm" py={6}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <WholeBadge color={shown.color} leftSection={<Icon size={12} />} mt={2}>
                  {shown.word(action.done)}
                </WholeBadge>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {nameOf(result.row)}
                  </Text>
                  {result.message && (
                    <Text size="sm" c={result.outcome === 'refused' ? 'red.8' : 'dimmed'}>
                      {result.message}
                    </Text>
                  )}
                </div>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
