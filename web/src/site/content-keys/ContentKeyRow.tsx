import { Badge, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBan, IconKey } from '@tabler/icons-react';
import { formatDateTime } from '../../../../shared/format';
import type { ContentKeyView } from '../../../../shared/schemas/content-key';
import { SmallButton } from '../../common/SmallButton';
import { relativeTime } from '../../dashboard/relative-time';

interface ContentKeyRowProps {
  contentKey: ContentKeyView;
  first: boolean;
  now: Date;
  onRevoke: () => void;
}

/** One key: its name, its first characters, who made it and when, its last use, and Revoke while it is live. */
export function ContentKeyRow({ contentKey: k, first, now, onRevoke }: ContentKeyRowProps) {
  const revoked = k.revokedAt !== null;
  return (
    <Group
      component="li"
      aria-label={k.name}
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="sm"
      style={!first ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
        <ThemeIcon size={36} radius="md" variant="light" color={revoked ? 'gray' : 'brand'} style={{ flex: 'none' }}>
          <IconKey size={20} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} td={revoked ? 'line-through' : undefined}>
              {k.name}
            </Text>
            <Badge size="sm" variant="light" color={revoked ? 'gray' : 'green'}>
              {revoked ? 'Revoked' : 'Live'}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{k.hint}…</span>
            {' · '}
            Made {formatDateTime(k.createdAt)} by {k.createdBy.name}
            {' · '}
            {k.lastUsedAt ? (
              <Tooltip label={formatDateTime(k.lastUsedAt)} withArrow>
                <span>Last used {relativeTime(k.lastUsedAt, now)}</span>
              </Tooltip>
            ) : (
              'Never used'
            )}
            {revoked && k.revokedAt && ` · Revoked ${formatDateTime(k.revokedAt)} by ${k.revokedBy?.name ?? 'someone'}`}
          </Text>
        </div>
      </Group>
      {!revoked && (
        <SmallButton
          color="red"
          icon={IconBan}
          onClick={onRevoke}
          aria-label={`Revoke ${k.name}`}
          style={{ flex: 'none' }}
        >
          Revoke
        </SmallButton>
      )}
    </Group>
  );
}
