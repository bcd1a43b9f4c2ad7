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

/** A secondary value in its column (a count, a date): quieter than the row's name. */
export function DimText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
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
