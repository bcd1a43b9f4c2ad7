import { Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLogout, IconShieldX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { changeUserRefusal } from '../../../shared/authority';
import { canAccess } from '../../../shared/permissions';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { errorMessage } from '../common/errors';
import { notifyError, notifySuccess } from '../common/notify';
import { useSession } from '../session/session-context';
import { endUserSessions, resetUserTwoFactor, revalidateUsers, type UserDetail } from './api';

type Pending = 'sessions' | 'twoFactor' | null;

/**
 * Edit User, for holders of Edit on User: sign a user out everywhere (a lost laptop, someone leaving) and reset
 * their second factor (a lost phone). A super admin's account is left to super admins; one's own is run from
 * the Profile.
 */
export function UserSecurityCard({ user }: { user: UserDetail }) {
  const { user: viewer } = useSession();
  const [pending, setPending] = useState<Pending>(null);
  if (!canAccess(viewer, 'User', ['Edit'])) return null;

  const self = viewer?._id === user._id;
  const locked = self
    ? 'Your own sessions and second factor are on your Profile'
    : changeUserRefusal(viewer ?? {}, user);
  const twoFactorOff = user.twoFactorEnabled === false;

  const endSessions = async () => {
    try {
      const { ended } = await endUserSessions(user._id);
      notifySuccess(
        ended === 0
          ? `${user.name} had no open sessions`
          : `${user.name} is signed out of ${ended === 1 ? '1 session' : `${ended} sessions`}`,
      );
    } catch (failure) {
      notifyError(errorMessage(failure), 'Could not end the sessions');
    }
  };

  const resetTwoFactor = async () => {
    try {
      await resetUserTwoFactor(user._id);
      notifySuccess(`Two-factor sign-in of ${user.name} is reset`);
    } catch (failure) {
      notifyError(errorMessage(failure), 'Could not reset two-factor sign-in');
    } finally {
      await revalidateUsers(user._id);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="user-security">
      <Title order={2} fz="lg" id="user-security">
        Sign-in and security
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        For a lost laptop or phone, or someone leaving the newsroom. Changing the password or blocking the user also
        signs them out everywhere.
      </Text>
      <Stack gap={0}>
        <SecurityRow
          title="Sessions"
          text="Signs the user out on every device. They can sign in again with their password."
          action={
            <GuardedButton reason={locked} icon={<IconLogout size={16} />} onClick={() => setPending('sessions')}>
              End all sessions
            </GuardedButton>
          }
        />
        <SecurityRow
          title="Two-factor sign-in"
          badge={
            user.twoFactorEnabled === undefined ? null : (
              <Badge size="sm" variant="light" color={user.twoFactorEnabled ? 'green' : 'gray'}>
                {user.twoFactorEnabled ? 'On' : 'Off'}
              </Badge>
            )
          }
          text="For a lost phone: removes their authenticator app and recovery codes. If their role requires it, they set it up again at their next sign-in."
          action={
            <GuardedButton
              reason={locked ?? (twoFactorOff ? 'Two-factor sign-in is not turned on for this user' : null)}
              icon={<IconShieldX size={16} />}
              onClick={() => setPending('twoFactor')}
            >
              Reset two-factor sign-in
            </GuardedButton>
          }
          divided
        />
      </Stack>

      <ConfirmDialog
        opened={pending === 'sessions'}
        title="End all sessions"
        confirmLabel="End all sessions"
        danger
        onConfirm={endSessions}
        onClose={() => setPending(null)}
      >
        {`Sign ${user.name} out on every device? Whatever they have not saved is lost; they can sign in again.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending === 'twoFactor'}
        title="Reset two-factor sign-in"
        confirmLabel="Reset"
        danger
        onConfirm={resetTwoFactor}
        onClose={() => setPending(null)}
      >
        {`Remove the authenticator app and recovery codes of ${user.name}? Do this only once you are sure it is them asking, for instance by calling them back.`}
      </ConfirmDialog>
    </Paper>
  );
}

interface SecurityRowProps {
  title: string;
  badge?: ReactNode;
  text: string;
  action: ReactNode;
  divided?: boolean;
}

function SecurityRow({ title, badge, text, action, divided }: SecurityRowProps) {
  return (
    <Group
      justify="space-between"
      align="center"
      gap="md"
      py="md"
      wrap="wrap"
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Group gap={8}>
          <Text fw={600} size="sm">
            {title}
          </Text>
          {badge}
        </Group>
        <Text size="sm" c="dimmed" mt={2}>
          {text}
        </Text>
      </div>
      {action}
    </Group>
  );
}

interface GuardedButtonProps {
  reason: string | null;
  icon: ReactNode;
  onClick: () => void;
  children: ReactNode;
}

/** A red outline action that, when it cannot be used, stays visible and says why. */
function GuardedButton({ reason, icon, onClick, children }: GuardedButtonProps) {
  if (reason) {
    return (
      <Tooltip label={reason} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
        <Button
          variant="default"
          leftSection={icon}
          data-disabled
          aria-disabled
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button variant="light" color="red" leftSection={icon} onClick={onClick}>
      {children}
    </Button>
  );
}
