import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dashed box where the chosen stories will be, saying how to choose them. */
export function NothingChosen({ icon, title, hint }: { icon: ReactNode; title: string; hint: string }) {
  return (
    <Paper withBorder radius="md" p="lg" shadow="none" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap={6} ta="center">
        <ThemeIcon variant="light" size={40} radius="xl">
          {icon}
        </ThemeIcon>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="sm" c="dimmed" maw={360}>
          {hint}
        </Text>
      </Stack>
    </Paper>
  );
}
