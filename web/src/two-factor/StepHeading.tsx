import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A numbered step of the set-up. */
export function StepHeading({ n, children }: { n: number; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <ThemeIcon size={24} radius="xl" variant="light" style={{ flex: 'none' }} aria-hidden>
        <Text size="xs" fw={700}>
          {n}
        </Text>
      </ThemeIcon>
      <Title order={2} fz="md" lh={1.5}>
        {children}
      </Title>
    </Group>
  );
}
