import { Badge, Button, Group, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconKey, IconShieldCheck, IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { AUTH } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import type { CurrentUser } from '../session/types';

const REQUIRED_REASON = 'Your role requires two-factor sign-in, so it cannot be turned off';
/** Few enough recovery codes left that it is time for new ones. */
const LOW_CODES = 3;

/** Whether two-factor sign-in is on, since when, whether the role requires it, and how many recovery codes are left. */
export function TwoFactorStatus({ user }: { user: CurrentUser }) {
  const on = user.twoFactorEnabled === true;
  const left = user.recoveryCodesLeft;
  return (
    <Group gap="md" wrap="nowrap" align="flex-start" miw={0}>
      <ThemeIcon size={40} radius="md" variant="light" color={on ? 'green' : 'gray'} style={{ flex: 'none' }}>
        {on ? <IconShieldCheck size={22} /> : <IconShieldLock size={22} />}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Title order={2} fz="lg" id="two-factor-title">
            Two-factor sign-in
          </Title>
          <Badge color={on ? 'green' : 'gray'} variant="light">
            {on ? 'On' : 'Off'}
          </Badge>
          {user.twoFactorRequired && (
            <Badge color="brand" variant="outline">
              Required by your role
            </Badge>
          )}
        </Group>
        {on ? (
          <Stack gap={2} mt={4}>
            <Text size="sm" c="dimmed">
              {user.twoFactorEnabledAt ? `On since ${formatDateTime(user.twoFactorEnabledAt)}. ` : ''}
              Signing in asks for a code from your authenticator app.
            </Text>
            {left !== undefined && (
              <Text size="sm" c={left <= LOW_CODES ? 'orange.8' : 'dimmed'} fw={left <= LOW_CODES ? 600 : undefined}>
                <IconKey size={14} style={{ verticalAlign: -2, marginRight: 4 }} aria-hidden />
                {left === 0
                  ? 'No recovery codes left: create new ones now.'
                  : `${left} of ${AUTH.recoveryCodeCount} recovery codes left${left <= LOW_CODES ? ': time for new ones.' : ''}`}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" mt={4} maw={560}>
            Add a second step to signing in: a 6-digit code from an app on your phone. Someone who learns your password
            still cannot get in.
          </Text>
        )}
      </div>
    </Group>
  );
}

interface TwoFactorOnActionsProps {
  /** The role requires two-factor sign-in: Turn off is shown disabled, with the reason. */
  required: boolean;
  onNewCodes: () => void;
  onTurnOff: () => void;
}

/** While two-factor sign-in is on: New recovery codes, and Turn off unless the role requires it. */
export function TwoFactorOnActions({ required, onNewCodes, onTurnOff }: TwoFactorOnActionsProps) {
  return (
    <>
      <Group gap="sm" mt="lg" justify="flex-end" wrap="wrap">
        <Button variant="default" leftSection={<IconKey size={16} />} onClick={onNewCodes}>
          New recovery codes
        </Button>
        {required ? (
          <Tooltip
            label={REQUIRED_REASON}
            withArrow
            multiline
            maw={260}
            events={{ hover: true, focus: true, touch: true }}
          >
            <Button
              variant="default"
              color="red"
              leftSection={<IconShieldOff size={16} />}
              data-disabled
              aria-disabled
              aria-describedby="two-factor-required-reason"
              onClick={(event) => event.preventDefault()}
            >
              Turn off
            </Button>
          </Tooltip>
        ) : (
          <Button variant="light" color="red" leftSection={<IconShieldOff size={16} />} onClick={onTurnOff}>
            Turn off
          </Button>
        )}
      </Group>
      {required && (
        <Text id="two-factor-required-reason" size="xs" c="dimmed" ta="right" mt={6}>
          {REQUIRED_REASON}.
        </Text>
      )}
    </>
  );
}
