import { Anchor, Box, Group, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { AuditEntry } from '../../../shared/audit';
import { DateCell } from '../common/DateCell';
import { TruncatedText } from '../common/TruncatedText';
import { actionColor, actionLabel, targetLink, targetTypeLabel } from './audit-query';

/** Seconds and the weekday, for the tooltip of a time: an audit is read to the second. */
const exactTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

export interface EntryProps {
  entry: AuditEntry;
  open: boolean;
  onToggle: () => void;
  onShowUser: (id: string) => void;
}

export function When({ at }: { at: string }) {
  return (
    <Tooltip label={exactTime(at)} withArrow openDelay={300}>
      <Box w="fit-content">
        <DateCell iso={at} />
      </Box>
    </Tooltip>
  );
}

export function Who({ entry, onShowUser }: Pick<EntryProps, 'entry' | 'onShowUser'>) {
  const { actorId, actorName, email } = entry;
  return (
    <Box miw={0}>
      {actorId && actorName ? (
        <Tooltip label="Show only this person’s entries" withArrow openDelay={400}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={500}
            c="var(--mantine-color-text)"
            onClick={() => onShowUser(actorId)}
            ta="left"
            style={{ overflowWrap: 'anywhere' }}
          >
            {actorName}
          </Anchor>
        </Tooltip>
      ) : actorName ? (
        // Not an account (the scheduled publisher): named, with nothing to filter by.
        <Text size="sm" fw={500}>
          {actorName}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          {email ? 'No such account' : 'Unknown'}
        </Text>
      )}
      {email && (
        <TruncatedText size="xs" c="dimmed" width={260}>
          {email}
        </TruncatedText>
      )}
    </Box>
  );
}

export function ActionBadge({ action }: { action: string }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Box
        w={8}
        h={8}
        mt={6}
        bg={`${actionColor(action)}.6`}
        style={{ borderRadius: '50%', flex: 'none' }}
        aria-hidden
      />
      <Text size="sm" fw={500} lh={1.4}>
        {actionLabel(action)}
      </Text>
    </Group>
  );
}

/** `::ffff:10.0.0.7` (an IPv4 address as IPv6 servers write it) as `10.0.0.7`. */
export const ipText = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

export function Target({ entry }: { entry: AuditEntry }) {
  const link = targetLink(entry);
  if (!entry.targetType && !entry.targetName)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Box miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {targetTypeLabel(entry.targetType)}
      </Text>
      {entry.targetName && link ? (
        <Anchor component={Link} to={link.to} size="sm" title={link.label} style={{ overflowWrap: 'anywhere' }}>
          {entry.targetName}
        </Anchor>
      ) : (
        entry.targetName && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.targetName}
          </Text>
        )
      )}
    </Box>
  );
}
