import { Box, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '../../../shared/audit';
import type { Column, RecordListProps } from '../common/RecordList';
import { Changes, ChangesToggle } from './AuditChanges';
import { changeCount, targetTypeLabel } from './audit-query';
import { ActionBadge, type EntryProps, ipText, Target, When, Who } from './entry-cells';

/** What the entries' cells need: which are unfolded, and the two things a click does. */
export interface EntryState {
  isOpen: (entry: AuditEntry) => boolean;
  onToggle: (entry: AuditEntry) => void;
  onShowUser: EntryProps['onShowUser'];
}

const props = (entry: AuditEntry, state: EntryState): EntryProps => ({
  entry,
  open: state.isOpen(entry),
  onToggle: () => state.onToggle(entry),
  onShowUser: state.onShowUser,
});

/** The audit table's columns (RecordList); an unfolded entry's changes go in the row under it (auditExpanded). */
export function auditColumns(state: EntryState): Column<AuditEntry>[] {
  return [
    { header: 'When', fit: true, render: (entry) => <When at={entry.at} /> },
    {
      header: 'Who',
      miw: 180,
      style: { maxWidth: 280 },
      render: (entry) => <Who entry={entry} onShowUser={state.onShowUser} />,
    },
    { header: 'Action', miw: 150, render: (entry) => <ActionBadge action={entry.action} /> },
    { header: 'Target', miw: 140, style: { maxWidth: 260 }, render: (entry) => <Target entry={entry} /> },
    {
      header: 'IP',
      fit: true,
      render: (entry) => (
        <Text size="xs" ff="monospace" c="dimmed">
          {entry.ip ? ipText(entry.ip) : '—'}
        </Text>
      ),
    },
    { header: 'What changed', miw: 130, render: (entry) => <ChangesToggle {...props(entry, state)} /> },
  ];
}

/** What an unfolded entry shows under itself, in the table and on its card. */
export const auditExpanded = (state: EntryState) => (entry: AuditEntry) =>
  state.isOpen(entry) && changeCount(entry) > 0 ? <Changes entry={entry} /> : null;

/** An entry as a card, for narrow windows: the action and the time, who, the target, the IP, what changed. */
export function auditCard(state: EntryState): RecordListProps<AuditEntry>['card'] {
  return {
    title: (entry) => <ActionBadge action={entry.action} />,
    badge: (entry) => (
      <Box ta="right" style={{ flex: 'none' }}>
        <When at={entry.at} />
      </Box>
    ),
    lines: (entry) => (
      <Stack gap={6} mt="xs">
        <Who entry={entry} onShowUser={state.onShowUser} />
        {(entry.targetType || entry.targetName) && (
          <Text size="sm" c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm" c="dimmed">
              {targetTypeLabel(entry.targetType)}:{' '}
            </Text>
            {entry.targetName ?? '—'}
          </Text>
        )}
        {entry.ip && (
          <Text size="xs" c="dimmed" ff="monospace">
            {ipText(entry.ip)}
          </Text>
        )}
        {changeCount(entry) > 0 && <ChangesToggle {...props(entry, state)} />}
      </Stack>
    ),
  };
}
