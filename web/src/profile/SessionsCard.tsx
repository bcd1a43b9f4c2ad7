import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { AUTH } from '../../../shared/constants';
import type { SessionView } from '../../../shared/schemas/auth';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { errorMessage } from '../common/errors';
import { ListRetry } from '../common/ListStates';
import { notifyError, notifySuccess } from '../common/notify';
import { useIsNarrow } from '../common/use-narrow';
import { useNow } from '../common/use-now';
import { endOtherSessions, endSession, revalidateSessions, useMySessions } from '../two-factor/api';
import { SessionRow } from './SessionRow';

const IDLE_HOURS = Math.round(AUTH.sessionIdleSeconds / 3600);

/** This device first, then the most recently used. */
function ordered(sessions: readonly SessionView[]): SessionView[] {
  return [...sessions].sort((a, b) =>
    a.current !== b.current ? (a.current ? -1 : 1) : b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
}

/** Profile: every browser signed in to this account, with a way to sign any of the others out. */
export function SessionsCard() {
  const { data, error, isValidating, mutate } = useMySessions();
  const narrow = useIsNarrow();
  const now = useNow(60_000);
  const [ending, setEnding] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const sessions = data ? ordered(data) : [];
  const others = sessions.filter((s) => !s.current).length;

  const signOutOne = async (session: SessionView) => {
    setEnding(session._id);
    try {
      await endSession(session._id);
      notifySuccess(`${session.device} is signed out`);
    } catch (failure) {
      notifyError(errorMessage(failure), 'Could not sign out that session');
    } finally {
      setEnding(null);
      await revalidateSessions();
    }
  };

  const signOutOthers = async () => {
    try {
      const { ended } = await endOtherSessions();
      notifySuccess(ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${ended} other sessions`);
    } catch (failure) {
      notifyError(errorMessage(failure), 'Could not sign out the other sessions');
    } finally {
      await revalidateSessions();
    }
  };

  let body: ReactNode;
  if (error && !data) body = <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
  else if (!data)
    body = (
      <Stack gap="sm" aria-label="Loading sessions">
        <Skeleton h={52} radius="md" />
        <Skeleton h={52} radius="md" />
      </Stack>
    );
  else
    body = (
      <Stack gap={0} component="ul" aria-label="Sessions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {sessions.map((session, i) => (
          <SessionRow
            key={session._id}
            session={session}
            first={i === 0}
            now={now}
            ending={ending === session._id}
            onSignOut={() => void signOutOne(session)}
          />
        ))}
      </Stack>
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="sessions-title">
      <Title order={2} fz="lg" id="sessions-title">
        Where you’re signed in
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="xs" maw={620}>
        A session ends when you sign out, or after {IDLE_HOURS} hours without use. Sign out any you do not recognise,
        then change your password.
      </Text>
      {body}
      {data && (
        <Group justify="flex-end" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Button
            variant="default"
            leftSection={<IconLogout size={16} />}
            onClick={() => setConfirmOpen(true)}
            disabled={others === 0}
            fullWidth={narrow}
          >
            Sign out everywhere else
          </Button>
        </Group>
      )}

      <ConfirmDialog
        opened={confirmOpen}
        title="Sign out everywhere else"
        confirmLabel="Sign out others"
        danger
        onConfirm={signOutOthers}
        onClose={() => setConfirmOpen(false)}
      >
        {`Sign out of ${others === 1 ? 'the other session' : `all ${others} other sessions`}? This browser stays signed in; the others go to the sign-in page at their next step.`}
      </ConfirmDialog>
    </Paper>
  );
}
