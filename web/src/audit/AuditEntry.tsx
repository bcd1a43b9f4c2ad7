import { Box, Collapse, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Changes, ChangesToggle } from './AuditChanges';
import { changeCount, targetTypeLabel } from './audit-query';
import { ActionBadge, type EntryProps, ipText, Target, When, Who } from './entry-cells';

export const AUDIT_COLUMNS = ['When', 'Who', 'Action', 'Target', 'IP', 'What changed'] as const;

/** An entry as a table row, and under it, when unfolded, what changed. */
export function EntryRows({ entry, open, onToggle, onShowUser }: EntryProps) {
  return (
    <>
      <Table.Tr>
        <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
          <When at={entry.at} />
        </Table.Td>
        <Table.Td miw={180} maw={280} style={{ verticalAlign: 'top' }}>
          <Who entry={entry} onShowUser={onShowUser} />
        </Table.Td>
        <Table.Td miw={150} style={{ verticalAlign: 'top' }}>
          <ActionBadge action={entry.action} />
        </Table.Td>
        <Table.Td miw={140} maw={260} style={{ verticalAlign: 'top' }}>
          <Target entry={entry} />
        </Table.Td>
        <Table.Td style={{ verticalAlign: 'top' }}>
          <Text size="xs" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {entry.ip ? ipText(entry.ip) : '—'}
          </Text>
        </Table.Td>
        <Table.Td miw={130} style={{ verticalAlign: 'top' }}>
          <ChangesToggle entry={entry} open={open} onToggle={onToggle} />
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr bg="gray.0">
          <Table.Td colSpan={AUDIT_COLUMNS.length} px="lg" py="md">
            <Changes entry={entry} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** An entry as a card, for narrow windows. */
export function EntryCard({ entry, open, onToggle, onShowUser }: EntryProps) {
  const count = changeCount(entry);
  return (
    <Paper withBorder radius="md" p="md" role="listitem">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <ActionBadge action={entry.action} />
        <Box ta="right" style={{ flex: 'none' }}>
          <When at={entry.at} />
        </Box>
      </Group>
      <Stack gap={6} mt="sm">
        <Who entry={entry} onShowUser={onShowUser} />
        {(entry.targetType || entry.targetName) && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm" c="dimmed">
              {targetTypeLabel(entry.targetType)}:{' '}
            </Text>
            {entry.targetName ?? '—'}
          </Text>
        )}
        <Text size="xs" c="dimmed" ff="monospace">
          {entry.ip ? ipText(entry.ip) : ''}
        </Text>
      </Stack>
      {count > 0 && (
        <>
          <Box mt={6}>
            <ChangesToggle entry={entry} open={open} onToggle={onToggle} />
          </Box>
          <Collapse expanded={open}>
            <Paper bg="gray.0" p="sm" mt="xs" radius="sm" shadow="none">
              <Changes entry={entry} />
            </Paper>
          </Collapse>
        </>
      )}
    </Paper>
  );
}
