import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { TwoFactorSetup } from '../../../shared/schemas/auth';
import { errorMessage } from '../common/errors';
import { useSession } from '../session/session-context';
import { startTwoFactorSetup } from './api';
import { EnrolmentFlow } from './EnrolmentFlow';
import { EnrolmentHeader, EnrolmentIntro } from './EnrolmentParts';

/**
 * The only screen a user sees while a role of theirs requires two-factor sign-in they have not set up (the API
 * refuses everything else meanwhile): why, the set-up itself, and Sign out. Once the recovery codes are saved the
 * user is read again and the portal opens where they were going.
 */
export function EnrolmentPage() {
  const session = useSession();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const user = session.user;

  const start = async () => {
    setStarting(true);
    setFailure(null);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };

  const finish = async () => {
    setFinishing(true);
    await session.refresh();
    setFinishing(false);
  };

  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--app-brand-wash), transparent 60%), var(--app-page-bg)',
      }}
    >
      <EnrolmentHeader />

      <Center px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 32 }} w="100%" maw={720} component="main">
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon size={48} radius="xl" variant="light" style={{ flex: 'none' }} visibleFrom="xs">
                <IconShieldLock size={26} />
              </ThemeIcon>
              <div>
                <Title order={1} fz={{ base: 22, sm: 26 }} style={{ textWrap: 'balance' }}>
                  Set up two-factor sign-in
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  Your role requires it. Until it is set up, the portal stays closed to your account
                  {user ? ` (${user.name})` : ''}.
                </Text>
              </div>
            </Group>

            {setup && user ? (
              <EnrolmentFlow setup={setup} email={user.email} onDone={() => void finish()} />
            ) : (
              <EnrolmentIntro failure={failure} starting={starting} onStart={() => void start()} />
            )}
            {finishing && (
              <Text size="sm" c="dimmed" role="status">
                Opening the portal…
              </Text>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
