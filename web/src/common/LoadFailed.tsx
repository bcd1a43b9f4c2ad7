import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/client';

export interface LoadFailedProps {
  error: unknown;
  /** 'user', 'role': used in 'This user does not exist'. */
  noun: string;
  backTo?: string;
  onRetry: () => void;
}

/** A record that could not be loaded for its form: gone (404), or a failure worth another try. */
export function LoadFailed({ error, noun, backTo, onRetry }: LoadFailedProps) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" gap="xs" ta="center">
        <Title order={2} fz="lg">
          {missing ? `This ${noun} does not exist` : `The ${noun} could not be loaded`}
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          {missing
            ? 'It may have been removed, or the link may be mistyped.'
            : error instanceof ApiError
              ? error.message
              : 'Please try again.'}
        </Text>
        <Group mt="sm" gap="sm">
          {!missing && (
            <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
              Try again
            </Button>
          )}
          {backTo && (
            <Button component={Link} to={backTo} variant="default">
              Back to the list
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
