import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DashedEmptyProps {
  icon: ReactNode;
  title: string;
  hint: ReactNode;
  padding?: 'lg' | 'xl';
  hintMaw?: number;
  /** Under the hint: the way to add the first one. */
  children?: ReactNode;
}

/** A dashed box where items will be once chosen or added, saying how. */
export function DashedEmpty({ icon, title, hint, padding = 'lg', hintMaw, children }: DashedEmptyProps) {
  return (
    <Paper withBorder radius="md" p={padding} shadow="none" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap={6} ta="center">
        <ThemeIcon variant="light" size={40} radius="xl">
          {icon}
        </ThemeIcon>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="sm" c="dimmed" maw={hintMaw} mb={children === undefined ? undefined : 'xs'}>
          {hint}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
