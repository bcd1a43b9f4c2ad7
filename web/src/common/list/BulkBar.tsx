import { Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { BulkConfirm, BulkResults } from './BulkDialogs';
import { type BulkAction, type BulkResult, offeredActions, runBulk, splitRows } from './bulk';

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

  const applying = asking ? splitRows(asking, selected).apply.length : 0;

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
          <BulkConfirm
            action={asking}
            selected={selected}
            note={note}
            onNote={setNote}
            running={running}
            onCancel={() => setAsking(null)}
            onRun={() => void run(asking)}
          />
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
