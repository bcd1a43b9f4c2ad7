import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's short fields side by side: two columns from the `sm` breakpoint (from `md` for wide ones, such as an
 * upload beside a date), one on a phone.
 */
export function FieldGrid({ from = 'sm', children }: { from?: 'sm' | 'md'; children: ReactNode }) {
  return (
    <SimpleGrid cols={from === 'md' ? { base: 1, md: 2 } : { base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}
