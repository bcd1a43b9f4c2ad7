import { Badge, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { formatDateTime } from '../../../shared/format';
import type { SessionView } from '../../../shared/schemas/auth';
import { SmallButton } from '../common/SmallButton';
import { relativeTime } from '../dashboard/relative-time';

const MOBILE = /android|iphone|ipad|ios|mobile/i;

interface SessionRowProps {
  session: SessionView;
  /** The first row has no rule above it. */
  first: boolean;
  now: Date;
  /** Its sign-out is under way. */
  ending: boolean;
  onSignOut: () => void;
}

/** One signed-in browser: its device, address, when it signed in and was last active, and Sign out (not this one). */
export function SessionRow({ session, first, now, ending, onSignOut }: SessionRowProps) {
  return (
    <Group
      component="li"
      aria-label={session.current ? `${session.device} (this device)` : session.device}
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="sm"
      style={!first ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
        <ThemeIcon
          size={36}
          radius="md"
          variant="light"
          color={session.current ? 'brand' : 'gray'}
          style={{ flex: 'none' }}
        >
          {MOBILE.test(session.device) ? <IconDeviceMobile size={20} /> : <IconDeviceDesktop size={20} />}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {session.device || 'Unknown browser'}
            </Text>
            {session.current && (
              <Badge size="sm" variant="light" color="green">
                This device
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{session.ip}</span>
            {' · '}
            Signed in {formatDateTime(session.createdAt)}
            {' · '}
            <Tooltip label={formatDateTime(session.lastSeenAt)} withArrow>
              <span>{session.current ? 'Active now' : `Last active ${relativeTime(session.lastSeenAt, now)}`}</span>
            </Tooltip>
          </Text>
        </div>
      </Group>
      {!session.current && (
        <SmallButton
          color="red"
          icon={IconLogout}
          loading={ending}
          onClick={onSignOut}
          aria-label={`Sign out ${session.device}`}
          style={{ flex: 'none' }}
        >
          Sign out
        </SmallButton>
      )}
    </Group>
  );
}
