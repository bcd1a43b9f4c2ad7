import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PERMISSION_DENIED_MESSAGE } from '../../../shared/permissions';

/** What a gated screen shows to a user who lacks the permission (SPEC §6). */
export function PermissionDenied() {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={2} fz="lg" mt="sm">
          Access denied
        </Title>
        <Text c="dimmed" size="sm" maw={460} role="alert">
          {PERMISSION_DENIED_MESSAGE}
        </Text>
        <Button component={Link} to="/" variant="light" mt="md">
          Go to dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
