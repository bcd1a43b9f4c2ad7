import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconDeviceMobile, IconKey, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FailureAlert } from '../common/FailureAlert';
import { useSession } from '../session/session-context';
import { SiteMark } from '../site/SiteMark';
import { useSiteBrand } from '../site/use-site-detail';

const NEEDS = [
  { icon: IconDeviceMobile, text: 'Your phone, with an authenticator app installed' },
  { icon: IconClock, text: 'About two minutes' },
  { icon: IconKey, text: 'Somewhere safe to keep ten recovery codes, such as a password manager' },
] as const;

/** The enrolment screen's top bar: the site's mark, whose account, and Sign out. */
export function EnrolmentHeader() {
  const session = useSession();
  const navigate = useNavigate();
  const brand = useSiteBrand();
  const [leaving, setLeaving] = useState(false);
  const user = session.user;

  const signOut = async () => {
    setLeaving(true);
    await session.logout();
    navigate('/login', { replace: true });
  };

  return (
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
  );
}

interface EnrolmentIntroProps {
  failure: string | null;
  starting: boolean;
  onStart: () => void;
}

/** Before the set-up starts: what it changes, what it needs, and Set up now. */
export function EnrolmentIntro({ failure, starting, onStart }: EnrolmentIntroProps) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Each time you sign in, you will enter a 6-digit code from an app on your phone as well as your password. Someone
        who learns your password still cannot get in.
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
        <Button size="md" onClick={onStart} loading={starting} w={{ base: '100%', xs: 'auto' }}>
          Set up now
        </Button>
      </Group>
    </Stack>
  );
}
