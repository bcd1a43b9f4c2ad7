import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

/** Unknown paths inside the layout. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="xs" ta="center">
        <Text fw={800} fz={64} lh={1} c="gray.3" aria-hidden>
          404
        </Text>
        <Title order={2} fz="lg" mt="sm">
          Page not found
        </Title>
        <Text c="dimmed" size="sm" maw={460}>
          There is nothing at{' '}
          <Text span ff="monospace">
            {pathname}
          </Text>
          . It may have moved, or the link may be mistyped.
        </Text>
        <Button component={Link} to="/" variant="light" mt="md">
          Go to dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
