import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import type { ScreenProps } from '../routes';
import { PageHeader } from './PageHeader';

/** Stands in for a screen that a later release delivers; it says so plainly and does nothing else. */
export function ComingSoonPage({ title, backTo }: ScreenProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconHammer size={28} />
          </ThemeIcon>
          <Title order={3} fz="lg" mt="sm">
            Coming soon
          </Title>
          <Text c="dimmed" size="sm" maw={420}>
            This screen is being built and will be available in an upcoming release. Everything else in the portal works
            as usual.
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
