import { Box, Button, Center, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconDeviceMobile, IconKey, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TwoFactorSetup } from '../../../shared/schemas/auth';
import { errorMessage } from '../common/errors';
import { FailureAlert } from '../common/FailureAlert';
import { useSession } from '../session/session-context';
import { SiteMark } from '../site/SiteMark';
import { useSiteBrand } from '../site/use-site-detail';
import { startTwoFactorSetup } from './api';
import { EnrolmentFlow } from './EnrolmentFlow';

const NEEDS = [
  { icon: IconDeviceMobile, text: 'Your phone, with an authenticator app installed' },
  { icon: IconClock, text: 'About two minutes' },
  { icon: IconKey, text: 'Somewhere safe to keep ten recovery codes, such as a password manager' },
] as const;

/**
 * The only screen a user sees while a role of theirs requires two-factor sign-in they have not set up (the API
 * refuses everything else meanwhile): why, the set-up itself, and Sign out. Once the recovery codes are saved the
 * user is read again and the portal opens where they were going.
 */
export function EnrolmentPage() {
  const session = useSession();
  const navigate = useNavigate();
  const brand = useSiteBrand();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
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

  const signOut = async () => {
    setLeaving(true);
    await session.logout();
    navigate('/login', { replace: true });
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
      <Group
        component="header"
        justify="space-between"
        wrap="nowrap"
        px={{ base: 'sm', sm: 'lg' }}
        h={64}
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <SiteMark brand={brand} size={34} />
        <Group gap="sm" wrap="nowrap" miw={0}>
          {user && (
            <Text size="sm" c="dimmed" truncate="end" visibleFrom="sm" maw={280}>
              {user.email}
            </Text>
          )}
          <Button
            variant="default"
            leftSection={<IconLogout size={16} />}
            onClick={() => void signOut()}
            loading={leaving}
          >
            Sign out
          </Button>
        </Group>
      </Group>

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
              <Stack gap="md">
                <Text size="sm">
                  Each time you sign in, you will enter a 6-digit code from an app on your phone as well as your
                  password. Someone who learns your password still cannot get in.
                </Text>
                <Text size="sm" fw={600} mb={-6}>
                  You need
                </Text>
                <List size="sm" spacing={8} center styles={{ itemLabel: { lineHeight: 1.45 } }}>
                  {NEEDS.map(({ icon: Icon, text }) => (
                    <List.Item
                      key={text}
                      icon={
                        <ThemeIcon size={24} radius="xl" variant="light" color="gray">
                          <Icon size={14} />
                        </ThemeIcon>
                      }
                    >
                      {text}
                    </List.Item>
                  ))}
                </List>
                <FailureAlert>{failure}</FailureAlert>
                <Group>
                  <Button size="md" onClick={() => void start()} loading={starting} w={{ base: '100%', xs: 'auto' }}>
                    Set up now
                  </Button>
                </Group>
              </Stack>
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
