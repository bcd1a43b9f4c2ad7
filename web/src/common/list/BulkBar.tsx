import { Alert, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { NoteField, noteBlock } from '../NoteField';
import { WholeBadge } from '../StatusBadge';
import {
  type BulkAction,
  type BulkOutcome,
  type BulkResult,
  bulkSummary,
  offeredActions,
  resultsInOrder,
  runBulk,
  skippedReasons,
  splitRows,
} from './bulk';

/** What a list declares to offer bulk actions (ListPage's `bulk`). */
export interface BulkConfig<T> {
  /** Every action the user may take; those that apply to none of the picked rows are not offered. */
  actions: readonly BulkAction<T>[];
  nameOf: (row: T) => string;
  /** What the rows are: 'article', 'articles'. */
  noun: { one: string; many: string };
  /** A failed call's reason, as the row's result. */
  describeFailure: (failure: unknown, row: T) => string;
  /** Re-reads the list (and its counts) after a run. */
  onSettled: () => Promise<unknown>;
}

interface BulkBarProps<T> extends BulkConfig<T> {
  selected: readonly T[];
  onClear: () => void;
}

const OUTCOME: Record<BulkOutcome, { color: string; icon: typeof IconCheck; word: (done: string) => string }> = {
  done: { color: 'green', icon: IconCheck, word: (done) => done },
  refused: { color: 'red', icon: IconX, word: () => 'Refused' },
  skipped: { color: 'gray', icon: IconMinus, word: () => 'Skipped' },
};

/**
 * The bar over a list while rows are picked: "3 selected", a button per action that applies to at least one of
 * them, and Clear. An action asks first (saying which rows it skips and why), runs a few rows at a time, then
 * lists each row's result: done, refused with the server's reason, or skipped.
 */
export function BulkBar<T extends { _id: string }>(props: BulkBarProps<T>) {
  const { selected, actions, nameOf, noun, describeFailure, onSettled, onClear } = props;
  const [asking, setAsking] = useState<BulkAction<T> | null>(null);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<{ action: BulkAction<T>; results: BulkResult<T>[] } | null>(null);
  const [note, setNote] = useState('');
  const offered = offeredActions(actions, selected);
  const count = selected.length;
  const nounFor = (n: number) => (n === 1 ? noun.one : noun.many);

  const run = async (action: BulkAction<T>) => {
    setRunning(true);
    try {
      const results = await runBulk(
        action,
        selected,
        describeFailure,
        undefined,
        action.asksNote ? note.trim() : undefined,
      );
      setOutcome({ action, results });
      onClear();
    } finally {
      setRunning(false);
      setAsking(null);
      await onSettled();
    }
  };

  const applyTo = asking ? splitRows(asking, selected).apply : [];
  const applying = applyTo.length;
  const warning = asking?.warning?.(applyTo) ?? null;
  const blocked = asking?.asksNote ? noteBlock(note) : null;

  return (
    <>
      {count > 0 && (
        <Paper
          withBorder
          radius="md"
          px="md"
          py="xs"
          mb="sm"
          bg="var(--mantine-color-body)"
          shadow="xs"
          // It stays in sight under the header while the picked rows scroll by.
          style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 8px)', zIndex: 3 }}
        >
          <Group gap="sm" wrap="wrap" role="group" aria-label={`Bulk actions for ${count} selected ${nounFor(count)}`}>
            <Text size="sm" fw={600} aria-live="polite">
              {count} selected
            </Text>
            {offered.map((action) => (
              <Button
                key={action.key}
                size="compact-sm"
                variant="light"
                color={action.color}
                onClick={() => {
                  setNote('');
                  setAsking(action);
                }}
              >
                {action.label}
              </Button>
            ))}
            {offered.length === 0 && (
              <Text size="sm" c="dimmed">
                No action applies to the selected {nounFor(count)}
              </Text>
            )}
            <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear} ml="auto">
              Clear selection
            </Button>
          </Group>
        </Paper>
      )}

      <Modal
        opened={asking !== null}
        onClose={running ? () => undefined : () => setAsking(null)}
        title={asking ? `${asking.label}: ${applying} ${nounFor(applying)}` : ''}
        centered
        radius="md"
      >
        {asking && (
          <Stack gap="xs">
            <Text size="sm">{asking.question(applying)}</Text>
            {warning && (
              <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}>
                <Text size="sm">{warning}</Text>
              </Alert>
            )}
            {asking.asksNote && <NoteField ask={asking.asksNote} value={note} onChange={setNote} />}
            <SkipNote reasons={skippedReasons(asking, selected)} of={count} />
            <Group justify="flex-end" mt="md" gap="sm">
              <Button variant="default" onClick={() => setAsking(null)} disabled={running}>
                Cancel
              </Button>
              <Button
                color={asking.danger ? 'red' : asking.color}
                loading={running}
                disabled={blocked !== null}
                title={blocked ?? undefined}
                onClick={() => void run(asking)}
                data-autofocus={asking.asksNote ? undefined : true}
              >
                {asking.label}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal
        opened={outcome !== null}
        onClose={() => setOutcome(null)}
        title={outcome ? `${outcome.action.label}: results` : ''}
        centered
        radius="md"
        size="lg"
      >
        {outcome && <BulkResults {...outcome} nameOf={nameOf} onClose={() => setOutcome(null)} />}
      </Modal>
    </>
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
function BulkResults<T extends { _id: string }>({ action, results, nameOf, onClose }: BulkResultsProps<T>) {
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
