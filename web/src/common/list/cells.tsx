import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** An empty cell. */
export function Dash() {
  return (
    <Text span size="sm" c="dimmed">
      —
    </Text>
  );
}

/** A row's name in its first column: a long one wraps anywhere rather than widening the table. */
export function NameText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
